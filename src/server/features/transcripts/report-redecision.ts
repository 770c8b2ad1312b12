/**
 * A stored report decided again with today's rules, after a registrar decided a course in the evaluation queue: the
 * same engine call as the analysis (matchRows), on the rows already read, never the file again. Rows keep their ids,
 * so appeals that point at a row still find it.
 */
import type { Database } from '../../db/client';
import { matchRows, summarise } from './transcript-analysis';
import { findReportForRedecision, saveRedecidedRows } from './transcripts.queries';

/** Re-decides one report; false when it is gone or not analysed. */
export async function redecideReport(db: Database, transcriptId: string): Promise<boolean> {
  const report = await findReportForRedecision(db, transcriptId);
  if (!report) return false;
  const listed = report.rows.map((row) => ({
    subject: row.subject,
    number: row.number,
    title: row.title,
    credits: row.credits,
    earned: row.earned,
    grade: row.grade,
    term: row.term,
    inTransferSection: row.in_transfer_section,
    inProgress: row.in_progress,
  }));
  const decided = await matchRows(db, { fromInstitutionId: report.fromInstitutionId, toInstitutionId: report.toInstitutionId, rows: listed });
  const rows = decided.map((row, index) => ({ ...row, id: report.rows[index]!.id }));
  await db.transaction((tx) => saveRedecidedRows(tx, transcriptId, rows, summarise(decided)));
  return true;
}
