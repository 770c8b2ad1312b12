import { lazy } from 'react';

/**
 * Transcript analysis on the search screen: the upload form, the analysis (upload → read → match, followed until
 * the report is ready) and the per-course report with its appeal dialog. The form and the report are separate
 * chunks, loaded when first shown.
 */
export { type TranscriptAnalysis, useTranscriptAnalysis } from './use-transcript-analysis';
export { transcriptQueries } from './transcript-queries';
export { fetchForTranscript } from './transcript-api';
export { formatCredits } from './format-credits';
export { creditCount, ReportRowCourse, ReportStatusBadge } from './report-row-parts';

export const TranscriptUploadPanel = lazy(() => import('./transcript-upload-panel').then((module) => ({ default: module.TranscriptUploadPanel })));
export const TranscriptReport = lazy(() => import('./transcript-report').then((module) => ({ default: module.TranscriptReport })));
