/**
 * The analysis job: reads the uploaded file in the reader's worker thread, finds the issuing school, decides every row
 * with the equivalency engine and stores the report. Runs off the request thread (jobs/), any instance may claim it.
 */
import { MAX_TRANSCRIPT_PAGES } from '../../../shared/schemas/transcripts';
import type { Queryable } from '../../db/client';
import type { AppDeps } from '../../http/app-env';
import { ABANDONED_JOB_REASON, JobInputError, JobPostponedError, type JobRow } from '../../jobs/job-queue';
import type { JobHandler } from '../../jobs/job-runner';
import { codeKey, findCrossListedCodes } from '../catalogue';
import { creditsAtDestination, decideAtDestinations, decideForTranscripts, decideFromUnknownSchool, type AcademicCalendar, type DecisionEvidence, type EquivalencyDecision } from '../equivalencies';
import { loadInstitutions } from '../institutions';
import type { CalendarReading } from './reader/calendar';
import { identifyIssuingSchool } from './issuing-school';
import { ReaderCrashedError, readTranscriptInWorker } from './reader/read-transcript-in-worker';
import { MachineBusyError } from './reader/time-limits';
import { NO_COURSE_ROWS_MESSAGE, TranscriptReadError } from './reader/types';
import { engineCourseOf, takenCourseOf, type TakenCourse } from './taken-course';
import {
  deleteTranscriptRows,
  findTranscriptById,
  listReportRows,
  lockTranscript,
  markNoCoursesFound,
  saveAnalysis,
  saveDecisions,
  setTranscriptProgress,
  updateTranscriptState,
  type AnalyzedRow,
  type CrossListedAnswer,
  type TranscriptCalendar,
  type TranscriptRecord,
  type TranscriptRowRecord,
} from './transcripts.queries';

export const TRANSCRIPT_ANALYZE_JOB = 'transcript.analyze';
export const UNKNOWN_SCHOOL_REASON = "We don't know this school's courses yet, so the destination school will need to review this course.";
export const READ_FAILED_PREFIX = 'We could not read this file.';


/**
 * Matches read rows against the destination's rules. An unknown issuing school leaves every row for review, except what
 * the grade alone decides (an F or a W earns no credit at any school: the engine's one grade rule).
 */
async function matchRows(
  db: Queryable,
  input: { fromInstitutionId: number | null; toInstitutionId: number; rows: TakenCourse[]; fromCalendar: AcademicCalendar | null },
): Promise<AnalyzedRow[]> {
  const [rows = []] = await decideReports(db, { fromInstitutionId: input.fromInstitutionId, toInstitutionId: input.toInstitutionId, reports: [input.rows], fromCalendar: input.fromCalendar });
  return rows;
}

/**
 * The calendar a transcript's credits are counted in (issue 36): the student's own answer first (they may have
 * corrected us); else the page's, when it says so ("Fall Quarter 2022", a Winter term between Fall and Spring); else the
 * issuing school's directory entry; else unknown, and the report asks the student one question instead of guessing.
 */
export function decideCalendar(page: CalendarReading, school: { calendar: AcademicCalendar } | null, earlier: TranscriptCalendar | null): TranscriptCalendar {
  if (earlier?.source === 'student' && earlier.calendar) return earlier;
  if (page.sure && page.value) return { calendar: page.value, source: 'page', evidence: page.evidence };
  if (school) return { calendar: school.calendar, source: 'school', evidence: null };
  return { calendar: null, source: 'unknown', evidence: null };
}

/** A stored transcript's calendar, when it has one. */
export function storedCalendar(transcript: TranscriptRecord): TranscriptCalendar | null {
  return transcript.credit_calendar_source ? { calendar: transcript.credit_calendar, source: transcript.credit_calendar_source, evidence: transcript.credit_calendar_evidence } : null;
}

/**
 * Several reports between the same two schools, each decided on its own, with the engine's loads shared (the
 * re-decision after a registrar's decision, report-redecision.ts). `withSuggestions: false` skips ranking suggestions.
 */
export async function matchReports(
  db: Queryable,
  input: {
    fromInstitutionId: number | null;
    toInstitutionId: number;
    reports: TakenCourse[][];
    withSuggestions?: boolean;
    /** The calendar the reports' credits are counted in, when known apart from the issuing school's entry. */
    fromCalendar?: AcademicCalendar | null;
  },
): Promise<AnalyzedRow[][]> {
  const fromUnknownSchool = (rows: TakenCourse[], calendars: { from: AcademicCalendar; to: AcademicCalendar } | null = null) => {
    const courses = coursesOf(rows);
    return rows.map((row, index) => stored(row, decideFromUnknownSchool(courses[index]!, UNKNOWN_SCHOOL_REASON, calendars)));
  };
  const fromInstitutionId = input.fromInstitutionId;
  if (fromInstitutionId === null || input.reports.every((rows) => rows.length === 0)) {
    // no school's rules, but the credits are still counted in the destination's units when the calendars differ
    const destination = input.fromCalendar ? (await loadInstitutions(db, [input.toInstitutionId])).get(input.toInstitutionId) : undefined;
    const calendars = input.fromCalendar && destination ? { from: input.fromCalendar, to: destination.calendar } : null;
    return input.reports.map((rows) => fromUnknownSchool(rows, calendars));
  }
  const { transcripts } = await decideForTranscripts(db, {
    fromInstitutionId,
    toInstitutionId: input.toInstitutionId,
    transcripts: input.reports.map(coursesOf),
    withSuggestions: input.withSuggestions,
    fromCalendar: input.fromCalendar ?? null,
  });
  return input.reports.map((rows, report) => {
    const decisions = transcripts[report]?.decisions;
    return decisions ? rows.map((row, index) => stored(row, decisions[index]!)) : fromUnknownSchool(rows);
  });
}

type ReportsToDecide = Parameters<typeof matchReports>[1];

/**
 * Reports decided completely, as they are stored: the analysis, a student's correction and every re-decision write
 * what this returns, so reading a report never asks the engine. matchReports' decisions, and for each undecided row
 * what a rule says of its course under another code (crossListedAnswers).
 */
export async function decideReports(db: Queryable, input: ReportsToDecide): Promise<AnalyzedRow[][]> {
  const decided = await matchReports(db, input);
  return crossListedAnswers(db, input, decided);
}

/**
 * For rows no rule decides: the same course under another subject at the student's school (a cross-listing, migration
 * 0082) that a rule on file transfers to the destination, decided by the engine with the row's grade and term, all the
 * reports' rows in one engine call. The report shows it as what is on file for the other code; the row's own decision
 * stays the engine's.
 */
async function crossListedAnswers(db: Queryable, input: ReportsToDecide, decided: AnalyzedRow[][]): Promise<AnalyzedRow[][]> {
  const from = input.fromInstitutionId;
  const waiting = decided.flatMap((rows, report) =>
    rows.flatMap((row, index) => (row.status === 'NEEDS_EVAL' ? [{ report, index, key: codeKey(row), taken: input.reports[report]![index]! }] : [])),
  );
  if (from === null || waiting.length === 0) return decided;
  const siblings = await findCrossListedCodes(db, from, [...new Set(waiting.map((row) => row.key))]);
  const asked = waiting.flatMap((row) => siblings.filter((sibling) => sibling.code_key === row.key).map((sibling) => ({ ...row, sibling })));
  if (asked.length === 0) return decided;
  const { transcripts } = await decideForTranscripts(db, {
    fromInstitutionId: from,
    toInstitutionId: input.toInstitutionId,
    // The student's course as the engine takes it (engineCourseOf: credits, the grade as it counts), under the other code.
    transcripts: asked.map(({ taken, sibling }) => [{ ...engineCourseOf(taken), subject: sibling.subject, number: sibling.number, title: sibling.title }]),
    withSuggestions: false,
  });
  const answers = new Map<string, CrossListedAnswer>();
  asked.forEach(({ report, index, sibling }, position) => {
    const decision = transcripts[position]?.decisions[0];
    const at = `${report}:${index}`;
    if (!answers.has(at) && decision?.status === 'DIRECT' && decision.transfersTo) {
      answers.set(at, { courseNumber: `${sibling.subject} ${sibling.number}`, transfersTo: decision.transfersTo, ruleId: decision.evidence.ruleId });
    }
  });
  return decided.map((rows, report) => rows.map((row, index) => ({ ...row, crossListed: answers.get(`${report}:${index}`) ?? null })));
}

/**
 * One report's rows decided at many destinations at once, as report rows (no suggestions): "Where your credits count"
 * (decision 180), through the engine's batch entry (decideAtDestinations).
 */
export async function matchAtDestinations(
  db: Queryable,
  input: { fromInstitutionId: number; toInstitutionIds: number[]; rows: TakenCourse[]; fromCalendar?: AcademicCalendar | null },
): Promise<Map<number, AnalyzedRow[]>> {
  const decided = await decideAtDestinations(db, {
    fromInstitutionId: input.fromInstitutionId,
    toInstitutionIds: input.toInstitutionIds,
    courses: coursesOf(input.rows),
    fromCalendar: input.fromCalendar ?? null,
  });
  return new Map([...decided].map(([toInstitutionId, decisions]) => [toInstitutionId, input.rows.map((row, index) => stored(row, decisions[index]!))]));
}

const base = (row: TakenCourse) => ({
  subject: row.subject,
  number: row.number,
  title: row.title,
  credits: row.credits,
  earned: row.earned,
  grade: row.grade,
  term: row.term,
  inTransferSection: row.transferSection,
  inProgress: row.inProgress,
});

const coursesOf = (rows: TakenCourse[]) => rows.map(engineCourseOf);

/** A stored row is the engine's decision on it, whatever path decided it. */
const stored = (row: TakenCourse, decision: EquivalencyDecision): AnalyzedRow => ({
  ...base(row),
  status: decision.status,
  verdictClass: decision.verdictClass,
  ruleId: decision.evidence.ruleId,
  transfersTo: decision.transfersTo,
  creditsAwarded: decision.creditsAwarded,
  reason: decision.reason,
  evidence: { ...decision.evidence, targets: decision.targets, candidates: decision.candidates ?? [], combined: decision.combined ?? null },
  crossListed: null,
});

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * A report's credits, in the destination's units (a quarter school's credits converted for a semester school, and
 * back): every course's worth (`total`), what transfers (the credits the rules award, `transferring`), what waits for
 * the school's review and what does not transfer. The report's summary, Compare and degree progress count the same.
 */
export function creditTotals(rows: AnalyzedRow[]) {
  const worth = (row: AnalyzedRow) => creditsAtDestination(row.credits ?? row.earned ?? 0, row.evidence as DecisionEvidence | null);
  const sum = (status: AnalyzedRow['status'], credits: (row: AnalyzedRow) => number) => round(rows.filter((row) => row.status === status).reduce((total, row) => total + credits(row), 0));
  return {
    total: round(rows.reduce((total, row) => total + worth(row), 0)),
    transferring: sum('DIRECT', (row) => row.creditsAwarded ?? 0),
    review: sum('NEEDS_EVAL', worth),
    none: sum('NO_TRANSFER', worth),
  };
}

export function summarise(rows: AnalyzedRow[]) {
  const credits = creditTotals(rows);
  return {
    courses: rows.length,
    // A direct transfer is a specific course (the report's 'Direct Transfer' badge); elective and general-education
    // credit count in the credits that transfer, not here.
    directTransfers: rows.filter((row) => row.verdictClass === 'specific-course').length,
    totalCredits: credits.total,
    creditsTransferring: credits.transferring,
  };
}

/** How the student changed a stored row, if they did. */
export function correctionOf(row: TranscriptRowRecord): 'added' | 'edited' | 'removed' | null {
  if (row.removed_by_student) return 'removed';
  if (row.added_by_student) return 'added';
  return row.as_read ? 'edited' : null;
}

/**
 * Decides the report again from the stored rows (the reader's, with the student's corrections; removed rows left
 * out). One transcript's rows: the same work as deciding them the first time, without reading the file again.
 */
export async function decideStoredRows(db: Queryable, transcript: TranscriptRecord): Promise<void> {
  const kept = (await listReportRows(db, transcript.id)).filter((row) => !row.removed_by_student);
  const decided = await matchRows(db, {
    fromInstitutionId: transcript.detected_institution_id,
    toInstitutionId: transcript.to_institution_id!,
    fromCalendar: transcript.credit_calendar,
    rows: kept.map(takenCourseOf),
  });
  await saveDecisions(
    db,
    transcript.id,
    decided.map((row, index) => ({ rowId: kept[index]!.id, row })),
    summarise(decided),
  );
}

/** Reads the file in the worker thread, finds the issuing school, decides every row and stores the report. */
async function analyzeTranscript(deps: AppDeps, transcriptId: string): Promise<Record<string, unknown>> {
  const { db, logger } = deps;
  const transcript = await findTranscriptById(db, transcriptId);
  if (!transcript || !transcript.storage_key || !transcript.to_institution_id) return { skipped: true };
  // Once the student has corrected what was read, their rows are the transcript: analysing it again (for another
  // school) decides those rows again instead of reading the file over them.
  if ((await listReportRows(db, transcriptId)).some((row) => correctionOf(row) !== null)) {
    await setTranscriptProgress(db, transcriptId, 'matching', 60);
    await db.transaction(async (tx) => {
      await lockTranscript(tx, transcriptId);
      await decideStoredRows(tx, transcript);
    });
    return { corrected: true };
  }

  await setTranscriptProgress(db, transcriptId, 'reading', 10);
  const bytes = await deps.storage.get(transcript.storage_key);
  if (!bytes) {
    await updateTranscriptState(db, transcriptId, { status: 'failed', progress: 0, error: `${READ_FAILED_PREFIX} The uploaded file is missing; please upload it again.` });
    return { failed: 'missing file' };
  }

  // Progress writes are chained so a late one never lands after the result.
  let lastProgress = 10;
  let writes = Promise.resolve();
  const onProgress = (_phase: string, fraction: number) => {
    const progress = Math.min(60, Math.round(10 + 50 * fraction));
    if (progress - lastProgress < 5) return;
    lastProgress = progress;
    writes = writes.then(() => setTranscriptProgress(db, transcriptId, 'reading', progress)).catch(() => undefined);
  };

  let reading;
  try {
    reading = await readTranscriptInWorker(new Uint8Array(bytes), { maxPages: MAX_TRANSCRIPT_PAGES, onProgress });
  } catch (error) {
    await writes;
    if (error instanceof TranscriptReadError) {
      await updateTranscriptState(db, transcriptId, { status: 'failed', progress: 0, error: `${READ_FAILED_PREFIX} ${error.message}` });
      logger.info('transcript_read_failed', { transcriptId, code: error.code });
      throw new JobInputError(error.message, { cause: error }); // the file's fault: not retried
    }
    if (error instanceof MachineBusyError) {
      // Out of time on a busy machine: the transcript waits in the queue again, the job runs later (issue 37).
      await updateTranscriptState(db, transcriptId, { status: 'queued', progress: 0, error: null });
      throw new JobPostponedError(error.message, { cause: error });
    }
    throw error;
  }
  await writes;
  const d = reading.diagnostics;
  // The parser diagnostic, once per analysis: counts and timings only (the skipped lines may hold a student's name).
  logger.info('transcript_parser_diagnostic', {
    transcriptId,
    source: reading.source,
    pages: reading.pages,
    rows: reading.rows.length,
    institutionFound: reading.institution !== null,
    lines: d.lines,
    candidateLines: d.candidateLines,
    skippedLines: d.skippedLines.length,
    ms: d.ms,
    ...(d.ocrConfidence !== undefined ? { ocrConfidence: Math.round(d.ocrConfidence) } : {}),
  });

  if (!reading.courseRowsFound) {
    // No plausible course rows (a letter, a syllabus, a blank scan): the student is asked about the file, not shown
    // an empty report. Rows of an earlier analysis go too, so the file's answer is this one.
    // A student is asked whether the file is a transcript (kept only if they say so: migration 0170).
    await db.transaction(async (tx) => {
      await deleteTranscriptRows(tx, transcriptId);
      await updateTranscriptState(tx, transcriptId, { status: 'failed', progress: 0, error: NO_COURSE_ROWS_MESSAGE });
      await markNoCoursesFound(tx, transcriptId);
    });
    return { courseRowsFound: false, rows: reading.rows.length };
  }

  await setTranscriptProgress(db, transcriptId, 'matching', 60);
  // Who issued it: what the page prints, decided against the national directory (issuing-school.ts).
  const { school, printedName } = await identifyIssuingSchool(db, reading.issuer);
  const calendar = decideCalendar(reading.calendar, school, storedCalendar(transcript));
  const rows = await matchRows(db, { fromInstitutionId: school?.id ?? null, toInstitutionId: transcript.to_institution_id, rows: reading.rows, fromCalendar: calendar.calendar });
  await setTranscriptProgress(db, transcriptId, 'matching', 90);
  const summary = summarise(rows);
  await db.transaction((tx) =>
    saveAnalysis(tx, {
      id: transcriptId,
      source: reading.source,
      detectedInstitutionId: school?.id ?? null,
      detectedInstitutionName: school?.name ?? printedName,
      summary,
      rows,
      calendar,
    }),
  );
  return { rows: rows.length, summary };
}

export const analyzeTranscriptJob: JobHandler = {
  run: (job: JobRow, deps: AppDeps) => analyzeTranscript(deps, String(job.payload.transcriptId)),
  async onGiveUp(job, deps, error, cause) {
    // The transcript already says why when its file was refused; a crash of the reader says it in plain words.
    if (cause instanceof JobInputError) return;
    const reason =
      cause instanceof ReaderCrashedError
        ? cause.message
        : cause instanceof JobPostponedError
          ? 'The server was too busy to read it in time, several times over. Please ask for the analysis again in a few minutes.'
        : error === ABANDONED_JOB_REASON
          ? 'Reading this file stopped the reader twice, so we gave up. Please upload another copy (a PDF exported again, or a photo).'
          : 'Something went wrong on our side; please try again.';
    await updateTranscriptState(deps.db, String(job.payload.transcriptId), { status: 'failed', progress: 0, error: `${READ_FAILED_PREFIX} ${reason}` });
  },
};
