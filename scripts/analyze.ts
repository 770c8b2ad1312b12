/**
 * Reads a transcript file and prints its course rows; with --to SCHOOL, also decides how each one transfers there
 * (opens the database from DATA_DIR / DATABASE_URL, and refuses while a server holds the embedded one).
 * With --program CODE (a program of SCHOOL, or its state's), also which requirement each course counts toward.
 * With --destinations, every school Crosswalk can decide the transcript for, ranked by the credits that transfer
 * (decision 180); --major TEXT applies the program named like it where one is loaded.
 * usage: tsx scripts/analyze.ts FILE [--json] [--to SCHOOL [--program CODE] | --destinations [--major TEXT]]
 */
import { readFile } from 'node:fs/promises';
import { openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';
import { DomainError } from '../src/server/domain-errors';
import { loadConfig } from '../src/server/env';
import { decideForCourses } from '../src/server/features/equivalencies';
import { decideDestinations, rankDestinations } from '../src/server/features/destinations';
import { findInstitution } from '../src/server/features/institutions';
import { degreeProgressForCourses, findSchoolProgram } from '../src/server/features/programs';
import { engineCourseOf } from '../src/server/features/transcripts';
import type { DegreeProgress, DegreeRequirement } from '../src/shared/schemas/programs';
import type { ReadRow } from '../src/server/features/transcripts/reader/types';
import { NO_COURSE_ROWS_MESSAGE, readTranscript, TranscriptReadError } from '../src/server/features/transcripts/reader/read-transcript';
import { terminateOcr } from '../src/server/features/transcripts/reader/ocr';

interface Match {
  status: 'DIRECT' | 'NEEDS_EVAL' | 'NO_TRANSFER';
  transfersTo: string | null;
  reason: string;
}

/** Decides every row against SCHOOL's rules; an unknown issuing school leaves every row for review. */
async function matchRows(institution: string | null, to: string, rows: ReadRow[], programCode?: string): Promise<{ toName: string; matches: Match[]; progress?: DegreeProgress }> {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const destination = await findInstitution(db, to);
    if (!destination) throw new Error(`unknown destination school: ${to}`);
    const program = programCode ? await findSchoolProgram(db, { schoolId: destination.id, code: programCode }) : null;
    const from = institution ? await findInstitution(db, institution) : null;
    if (!from) {
      const reason = "We don't know this school's courses yet, so the destination school will need to review this course.";
      const progress = program ? await degreeProgressForCourses(db, { fromSchoolId: null, schoolId: destination.id, program, rows, examScores: [] }) : undefined;
      return { toName: destination.name, matches: rows.map(() => ({ status: 'NEEDS_EVAL', transfersTo: null, reason })), progress };
    }
    const { decisions } = await decideForCourses(db, {
      fromInstitutionId: from.id,
      toInstitutionId: destination.id,
      courses: rows.map(engineCourseOf),
    });
    const progress = program ? await degreeProgressForCourses(db, { fromSchoolId: from.id, schoolId: destination.id, program, rows, examScores: [], decisions }) : undefined;
    return {
      toName: destination.name,
      matches: decisions.map((d) => ({ status: d.status, transfersTo: d.transfersTo, reason: d.reason })),
      progress,
    };
  } finally {
    await db.close();
  }
}

/**
 * Every destination the rows can be decided at, ranked: `{ destinations: [{ school, state, transferCredits, byClass,
 * program? }] }` (issue 39), and the schools where nothing is decided, listed apart.
 */
async function rankRows(institution: string | null, rows: ReadRow[], major: string | undefined) {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const from = institution ? await findInstitution(db, institution) : null;
    if (!from) return { destinations: [], apart: [], unknownSchool: true };
    const ranked = rankDestinations(await decideDestinations(db, { fromInstitutionId: from.id, courses: rows, major }), {});
    return {
      destinations: ranked.destinations.map((d) => ({
        school: d.school.name,
        state: d.state,
        transferCredits: d.transferCredits,
        byClass: d.byClass,
        ...(d.program ? { program: { name: d.program.name, appliedCredits: d.program.appliedCredits, remainingCredits: d.program.remainingCredits } } : {}),
        decidedCourses: d.decidedCourses,
        courses: d.courses,
      })),
      apart: ranked.notEnoughInformation.map((d) => d.school.name),
      unknownSchool: false,
    };
  } finally {
    await db.close();
  }
}

/**
 * Every requirement, parents before their children. `complete` is only true when the requirement is filled AND its data
 * is verified (a doubtful source is never reported as done); `status` and `verified` say which.
 */
function flattenRequirements(requirements: DegreeRequirement[]) {
  const out: Array<{ id: string; name: string; complete: boolean; status: string; verified: boolean; appliedCredits: number; remainingCredits: number | null; courses: string[] }> = [];
  const visit = (requirement: DegreeRequirement) => {
    if (!requirement.chosen) return;
    out.push({
      id: requirement.id,
      name: requirement.name,
      complete: requirement.status === 'complete' && requirement.verified,
      status: requirement.status,
      verified: requirement.verified,
      appliedCredits: requirement.appliedCredits,
      remainingCredits: requirement.remainingCredits,
      courses: requirement.courses,
    });
    requirement.children.forEach(visit);
  };
  requirements.forEach(visit);
  return out;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const toAt = args.indexOf('--to');
  const to = toAt >= 0 ? args[toAt + 1] : undefined;
  if (toAt >= 0 && (!to || to.startsWith('--'))) {
    process.stderr.write('--to needs a school, e.g. --to fsu\n');
    return 2;
  }
  const programAt = args.indexOf('--program');
  const program = programAt >= 0 ? args[programAt + 1] : undefined;
  if (programAt >= 0 && (!program || program.startsWith('--') || !to)) {
    process.stderr.write('--program needs a program code and --to its school, e.g. --to fsu --program FL-GEN-ED-CORE-2015\n');
    return 2;
  }
  const destinations = args.includes('--destinations');
  const majorAt = args.indexOf('--major');
  const major = majorAt >= 0 ? args[majorAt + 1] : undefined;
  if (majorAt >= 0 && (!major || major.startsWith('--') || !destinations)) {
    process.stderr.write('--major needs a major and --destinations, e.g. --destinations --major "Computer Science"\n');
    return 2;
  }
  if (destinations && to) {
    process.stderr.write('--destinations ranks every school; leave out --to (or use --to alone for one school)\n');
    return 2;
  }
  // The file is the one argument that is neither a flag nor the value after --to, --program or --major.
  const file = args.find((a, index) => !a.startsWith('--') && (toAt < 0 || index !== toAt + 1) && (programAt < 0 || index !== programAt + 1) && (majorAt < 0 || index !== majorAt + 1));
  if (!file) {
    process.stderr.write('usage: tsx scripts/analyze.ts FILE [--json] [--to SCHOOL [--program CODE] | --destinations [--major TEXT]]\n');
    return 2;
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch (err) {
    process.stderr.write(`cannot read ${file}: ${(err as Error).message}\n`);
    return 2;
  }
  try {
    const reading = await readTranscript(bytes);
    if (destinations) {
      const ranked = await rankRows(reading.institution, reading.rows, major);
      if (json) {
        // The contract (issue 39): sorted by transferCredits, then the credits applied to the program.
        const out = ranked.destinations.map(({ decidedCourses: _decided, courses: _courses, ...entry }) => entry);
        process.stdout.write(JSON.stringify({ destinations: out }) + '\n');
        return 0;
      }
      if (ranked.unknownSchool) process.stdout.write(`We could not tell which school this transcript is from (${reading.institution ?? 'no name found'}), so no school's rules can decide its courses.\n`);
      for (const [index, d] of ranked.destinations.entries()) {
        const split = Object.entries(d.byClass).filter(([, credits]) => credits > 0).map(([verdictClass, credits]) => `${verdictClass} ${credits}`).join(', ');
        const program = d.program ? `; ${d.program.name}: ${d.program.appliedCredits} applied${d.program.remainingCredits === null ? '' : `, ${d.program.remainingCredits} to go`}` : '';
        process.stdout.write(`${String(index + 1).padStart(3)}. ${d.school} (${d.state ?? '—'}): ${d.transferCredits} credits transfer (${split}); ${d.decidedCourses} of ${d.courses} courses have a rule or guarantee there${program}\n`);
      }
      if (ranked.apart.length) process.stdout.write(`\nNot enough information (no rule or guarantee for any of these courses): ${ranked.apart.join(', ')}\n`);
      process.stdout.write('\nA figure is as good as the rules Crosswalk holds; each school decides finally.\n');
      return 0;
    }
    const matched = to ? await matchRows(reading.institution, to, reading.rows, program) : null;
    const progress = matched?.progress;
    if (json) {
      // The first keys are the contract scorers read; the later ones were added with the table reader.
      const out = {
        institution: reading.institution,
        ...(matched ? { to: matched.toName } : {}),
        rows: reading.rows.map((r, i) => ({
          subject: r.subject,
          number: r.number,
          title: r.title,
          credits: r.credits,
          grade: r.grade,
          term: r.term,
          status: matched?.matches[i]?.status ?? null,
          transfersTo: matched?.matches[i]?.transfersTo ?? null,
          ...(matched ? { reason: matched.matches[i]?.reason ?? null } : {}),
          earned: r.earned,
          inProgress: r.inProgress,
          section: r.section,
          confidence: r.confidence,
          ...(r.creditsEstimated ? { creditsEstimated: true } : {}),
          ...(progress ? { countsToward: progress.courses[i]?.countsToward.map((requirement) => requirement.id) ?? [] } : {}),
        })),
        courseRowsFound: reading.courseRowsFound,
        ...(reading.courseRowsFound ? {} : { message: NO_COURSE_ROWS_MESSAGE }),
        confidence: reading.confidence,
        calendar: reading.calendar,
        institutionWebAddress: reading.institutionWebAddress,
        source: reading.source,
        pages: reading.pages,
        ...(progress ? { program: progress.program.code, requirements: flattenRequirements(progress.requirements) } : {}),
      };
      process.stdout.write(JSON.stringify(out) + '\n');
    } else {
      const d = reading.diagnostics;
      const school = reading.institution ?? (reading.institutionWebAddress ? `(institution not named; web address ${reading.institutionWebAddress})` : '(institution not found)');
      process.stdout.write(`${school} — ${reading.pages} page(s), read by ${reading.source}, ${reading.rows.length} course(s), confidence ${reading.confidence.toFixed(2)}, ${d.ms} ms${d.ocrConfidence !== undefined ? `, OCR confidence ${d.ocrConfidence.toFixed(0)}` : ''}\n\n`);
      if (!reading.courseRowsFound) process.stdout.write(`${NO_COURSE_ROWS_MESSAGE}\n\n`);
      if (matched) process.stdout.write(`Transferring to ${matched.toName}\n\n`);
      const table = reading.rows.map((r, i) => [
        r.term ?? '',
        `${r.subject} ${r.number}`,
        r.title.length > 44 ? r.title.slice(0, 43) + '…' : r.title,
        `${r.credits}${r.creditsEstimated ? '*' : ''}`,
        r.grade ?? '',
        [r.inProgress ? 'in progress' : '', r.section === 'test' ? 'test credit' : r.transferSection ? 'transfer' : '', r.confidence < 0.6 ? `unsure (${r.confidence.toFixed(2)})` : ''].filter(Boolean).join(', '),
        ...(matched ? [matched.matches[i]?.status ?? '', matched.matches[i]?.transfersTo ?? ''] : []),
      ]);
      const head = ['Term', 'Course', 'Title', 'Credits', 'Grade', 'Notes', ...(matched ? ['Status', 'Transfers to'] : [])];
      const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
      const fmt = (row: string[]) => row.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
      process.stdout.write(fmt(head) + '\n' + widths.map((w) => '-'.repeat(w)).join('  ') + '\n');
      for (const row of table) process.stdout.write(fmt(row) + '\n');
      if (reading.rows.some((r) => r.creditsEstimated)) process.stdout.write('\n* credits not printed for a withdrawn course; estimated\n');
      if (progress) {
        process.stdout.write(`\n${progress.program.name} at ${progress.school.name}\n`);
        for (const requirement of flattenRequirements(progress.requirements)) {
          const left = requirement.remainingCredits ? `, ${requirement.remainingCredits} credits to go` : '';
          const mark = requirement.complete ? 'done' : { complete: 'done?', partial: 'part', 'not-started': 'todo', unchecked: '?' }[requirement.status] ?? requirement.status;
          process.stdout.write(`  ${mark.padEnd(5)}  ${requirement.name}${left}${requirement.courses.length ? ` (${requirement.courses.join(', ')})` : ''}${requirement.verified ? '' : ' [not verified]'}\n`);
        }
      }
    }
    return 0;
  } catch (err) {
    if (err instanceof TranscriptReadError) process.stderr.write(`${err.code}: ${err.message}\n`);
    else if (err instanceof DataDirLockedError) process.stderr.write(`${err.message}\n`);
    else if (err instanceof DomainError) {
      process.stderr.write(`--program: ${err.message}\n`);
      return 2;
    }
    else process.stderr.write(`error: ${(err as Error)?.stack ?? String(err)}\n`);
    return 1;
  } finally {
    await terminateOcr();
  }
}

process.exitCode = await main();
