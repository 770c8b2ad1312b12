/**
 * Stored reports decided again with today's rules, after a registrar decided a course in the evaluation queue: the
 * analysis's own decision (decideReports), on the rows already read, never the files again. Reports between the same
 * two schools are decided together, a chunk at a time, so the engine loads rules and catalogues once per chunk. Only
 * rows whose decision changed are written: a row still undecided keeps the suggestions its analysis ranked (ranking
 * them again for 1,000 reports took ~45 s of the job's time, docs/BENCHMARKS.md). Rows keep their ids, so appeals that
 * point at a row still find it.
 */
import type { Database } from '../../db/client';
import { takenCourseOf } from './taken-course';
import { decideReports, summarise } from './transcript-analysis';
import { findReportsForRedecision, findReportsWrittenBefore, REPORT_FORMAT, saveRedecidedReports, type AnalyzedRow, type StoredReport } from './transcripts.queries';

/** Reports decided in one engine call and one write. */
const CHUNK = 100;

async function redecideChunk(db: Database, reports: StoredReport[], withSuggestions: boolean): Promise<void> {
  const bySchools = new Map<string, StoredReport[]>();
  for (const report of reports) {
    // one engine call per pair of schools and calendar (a transcript's own quarter or semester credits, migration 0130)
    const key = `${report.fromInstitutionId}:${report.toInstitutionId}:${report.fromCalendar ?? ''}`;
    bySchools.set(key, [...(bySchools.get(key) ?? []), report]);
  }
  const decided: Parameters<typeof saveRedecidedReports>[1] = [];
  for (const group of bySchools.values()) {
    const first = group[0]!;
    const rows = await decideReports(db, {
      fromInstitutionId: first.fromInstitutionId,
      toInstitutionId: first.toInstitutionId,
      reports: group.map((report) => report.rows.map(takenCourseOf)),
      withSuggestions,
      fromCalendar: first.fromCalendar,
    });
    group.forEach((report, index) => {
      const reportRows = rows[index] ?? [];
      // A row still undecided keeps its suggestions, unless it had no class yet (decided before classes existed) or
      // its cross-listed answer changed. Ranked again (withSuggestions), every row is written.
      const changed = reportRows
        .map((row, position) => ({ ...row, id: report.rows[position]!.id, was: report.rows[position]! }))
        .filter(
          (row) =>
            withSuggestions ||
            !(row.status === 'NEEDS_EVAL' && row.was.status === 'NEEDS_EVAL' && row.was.verdict_class === row.verdictClass && sameCrossListedAnswer(row.was.cross_listed, row.crossListed)),
        )
        .map(({ was: _was, ...row }) => row);
      decided.push({ id: report.id, rows: changed, summary: summarise(reportRows) });
    });
  }
  await db.transaction((tx) => saveRedecidedReports(tx, decided));
}

/**
 * Re-decides these reports (those gone or not analysed are skipped); returns how many were decided again. Without
 * `withSuggestions`, a row that stays undecided keeps the suggestions its analysis ranked.
 */
export async function redecideReports(db: Database, transcriptIds: string[], { withSuggestions = false } = {}): Promise<number> {
  let count = 0;
  for (let start = 0; start < transcriptIds.length; start += CHUNK) {
    const reports = await findReportsForRedecision(db, transcriptIds.slice(start, start + CHUNK));
    if (reports.length > 0) await redecideChunk(db, reports, withSuggestions);
    count += reports.length;
  }
  return count;
}

const sameCrossListedAnswer = (was: StoredReport['rows'][number]['cross_listed'], now: AnalyzedRow['crossListed']) =>
  was?.courseNumber === now?.courseNumber && was?.transfersTo === now?.transfersTo && was?.ruleId === now?.ruleId;

/** Reports decided again per run of the periodic task: a few chunks, so a run never holds the database for long. */
const OLDER_REPORTS_PER_RUN = 300;

/**
 * Reports written with an older way of deciding (before verdict classes, migration 0110; before stored cross-listed
 * answers, 0191), decided again so every report reads as one decided today would: a periodic task, a few hundred
 * reports a run, until none is left (then one indexed query a run). Returns how many.
 */
export async function decideOlderReportsAgain(db: Database): Promise<number> {
  const ids = await findReportsWrittenBefore(db, REPORT_FORMAT, OLDER_REPORTS_PER_RUN);
  // Ranked again: an undecided row rewritten for its class would otherwise lose the suggestions it showed.
  return ids.length === 0 ? 0 : redecideReports(db, ids, { withSuggestions: true });
}
