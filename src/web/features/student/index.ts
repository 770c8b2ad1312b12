/** The student's own records: profile, favorites, transcripts, comparison, appeals and their data. */
export { AppealForm } from './appeal-form';
export { CompareSection } from './compare-section';
export { DataControls } from './data-controls';
export { FavoritesSection } from './favorites-section';
export { NotATranscriptQuestion } from './not-a-transcript-question';
export { ProfileForm } from './profile-form';
export { studentQueries, useMarkAppealCenterSeen } from './student-queries';
export { TranscriptReportLink } from './transcript-report-link';
export { TranscriptsSection, uploadedWords } from './transcripts-section';
