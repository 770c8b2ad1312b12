/**
 * `npx tsx scripts/measure-rule-gen-ed.ts`: what the general-education codes on the real Wisconsin transfer rules
 * (reference-data/equivalencies/wisconsin-transfer-rules.csv) change in degree progress at UW-Madison.
 *
 * In a temporary embedded database: imports the whole rules file through the rules import and loads the UW-Madison
 * programs (reference-data/programs/wisconsin-gen-ed), then, for each rule into UW-Madison whose notes state codes,
 * asks degree progress (the service the route calls) about a one-course transcript of the rule's sending course (grade
 * A) in UW-Madison's General Education Requirements and its L&S breadth: does the course count toward a requirement?
 * Then the same with the codes taken off the rules (what degree progress knew before: the 258 courses' attributes).
 * Prints the counts, split by elective credit ("HISTORY EL") and named courses.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { findInstitution } from '../src/server/features/institutions';
import { degreeProgressForCourses, findSchoolProgram } from '../src/server/features/programs';
import { loadReferenceSets } from '../src/server/reference-data/load-reference-sets';
import { pickReferenceSets } from '../src/server/reference-data/reference-sets';

const PROGRAMS = ['UWM-GER', 'UWM-LS-BREADTH'];

interface CodedRule {
  id: number;
  from: number;
  subject: string;
  number: string;
  elective: boolean;
  codes: string[];
}

async function countsAnywhere(db: Database, madison: number, programs: Array<Awaited<ReturnType<typeof findSchoolProgram>>>, rule: CodedRule): Promise<boolean> {
  for (const program of programs) {
    const progress = await degreeProgressForCourses(db, {
      fromSchoolId: rule.from,
      schoolId: madison,
      program,
      rows: [{ subject: rule.subject, number: rule.number, title: '', credits: 3, earned: 3, grade: 'A', term: null, transferSection: false, inProgress: false }],
      examScores: [],
    });
    if (progress.courses[0]!.outcome === 'counts') return true;
  }
  return false;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'crosswalk-measure-gen-ed-'));
  const db = await openDatabase({ dataDir, inMemory: true });
  try {
    await migrate(db);
    const started = Date.now();
    // As `npm run data:load` loads them (the rules through the rules import). The catalogue set makes UW-Madison under
    // its full name first, as in `all`: the rules file alone names it UW-Madison, and the programs set then finds no
    // school by its full name (noted on the issue).
    const loaded = await loadReferenceSets({ db, sets: pickReferenceSets(['catalog-uw-madison', 'wisconsin-transfer-rules', 'programs-uw-madison-gen-ed']), actor: { id: null, email: 'measure' } });
    const failed = loaded.filter((result) => result.status !== 'loaded');
    if (failed.length > 0) throw new Error(failed.map((result) => `${result.set.name}: ${result.message}`).join('; '));
    const madison = (await findInstitution(db, 'UW-Madison'))!.id;
    console.log(`loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const [totals] = await db.query<{ rules: number; into_madison: number; with_codes: number; madison_with_codes: number }>(
      `select count(*)::int as rules, count(*) filter (where to_institution_id = $1)::int as into_madison,
              count(gen_ed_codes)::int as with_codes, count(gen_ed_codes) filter (where to_institution_id = $1)::int as madison_with_codes
         from equivalency_rules`,
      [madison],
    );
    const coded = (
      await db.query<{ id: number; from_institution_id: number; subject: string; number: string; elective: boolean; gen_ed_codes: string[]; sources: number }>(
        `select r.id, r.from_institution_id, min(s.subject) as subject, min(s.number) as number, r.gen_ed_codes,
                bool_or(t.is_elective or t.number ilike 'EL') as elective, count(distinct s.position)::int as sources
           from equivalency_rules r
           join equivalency_rule_sources s on s.rule_id = r.id
           join equivalency_rule_targets t on t.rule_id = r.id
          where r.to_institution_id = $1 and r.gen_ed_codes is not null and r.transfers
          group by r.id`,
        [madison],
      )
    ).filter((row) => row.sources === 1);
    const rules: CodedRule[] = coded.map((row) => ({ id: row.id, from: row.from_institution_id, subject: row.subject, number: row.number, elective: row.elective, codes: row.gen_ed_codes }));

    const programs = await Promise.all(PROGRAMS.map((code) => findSchoolProgram(db, { schoolId: madison, code })));
    // A sending course with several rules into UW-Madison is decided by one of them (the rule picker's choice).
    const perCourse = new Map<string, number>();
    for (const rule of rules) perCourse.set(`${rule.from}:${rule.subject} ${rule.number}`, (perCourse.get(`${rule.from}:${rule.subject} ${rule.number}`) ?? 0) + 1);
    const tally = async () => {
      const result = { counts: 0, electiveCounts: 0, courseCounts: 0 };
      for (const rule of rules) {
        if (!(await countsAnywhere(db, madison, programs, rule))) continue;
        result.counts += 1;
        if (rule.elective) result.electiveCounts += 1;
        else result.courseCounts += 1;
      }
      return result;
    };
    const now = await tally();
    await db.query(`update equivalency_rules set gen_ed_codes = null`);
    const before = await tally();

    const electives = rules.filter((rule) => rule.elective).length;
    console.log(`rules in the file: ${totals!.rules}; with general-education codes: ${totals!.with_codes}`);
    console.log(`rules into UW-Madison: ${totals!.into_madison}; with codes: ${totals!.madison_with_codes}`);
    console.log(`  of these, transferring one sending course (measured): ${rules.length} (${electives} elective credit, ${rules.length - electives} named courses)`);
    console.log(`  sending courses with more than one such rule: ${[...perCourse.values()].filter((count) => count > 1).length}`);
    console.log(`  count toward a UW-Madison requirement (UWM-GER or UWM-LS-BREADTH) now: ${now.counts} (${now.electiveCounts} elective, ${now.courseCounts} named)`);
    console.log(`  did with the course attributes alone (before): ${before.counts} (${before.electiveCounts} elective, ${before.courseCounts} named)`);
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
