/**
 * Transcripts and students' stored files: uploads and their checks, the analysis job, the report, the transcripts a
 * student keeps, and the one policy for who may read a transcript (transcript-access.ts).
 */
export { terminateTranscriptWorker } from './reader/read-transcript-in-worker';
export { claimOwnUpload } from './stored-files';
export { findTranscriptForReader } from './transcript-access';
export { listStorageKeysOwnedBy } from './stored-files.queries';
export { logUploadRefusal, registerStoredFileRoutes } from './stored-files.routes';
export { analyzeTranscriptJob, creditTotals, matchReports, TRANSCRIPT_ANALYZE_JOB, UNKNOWN_SCHOOL_REASON } from './transcript-analysis';
export { engineCourseOf, takenCourseOf, type TakenCourse } from './taken-course';
export {
  findEvidenceRowByCode,
  findEvidenceRowById,
  findOwnTranscriptRow,
  listOwnTranscriptCourses,
  listTranscriptCourseRows,
  type AppealEvidenceRecord,
  type TranscriptCourseRow,
} from './transcripts.queries';
export { presentReportRow, presentReportSummary } from './report-presenter';
export { registerTranscriptRoutes } from './transcripts.routes';
export {
  deleteExpiredVisitorTranscripts,
  discardUnansweredNonTranscripts,
  exportTranscriptRows,
  listSavedTranscripts,
  listUnreadableTranscripts,
  markUnreadableRead,
  readLatestAnalysedTranscript,
} from './transcripts.service';
export { decideOlderReportsAgain, redecideReports } from './report-redecision';
export { listReportsDecidedByRules, listReportsWithUndecidedCourse, type ReportWithUndecidedCourse } from './transcripts.queries';
export { matchAtDestinations } from './transcript-analysis';
export { readTranscriptAs } from './transcript-access';
