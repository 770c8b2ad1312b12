/**
 * The programs feature's public entry for the student's pages (issue 24): degree progress, exam scores and compare.
 * The admin's pages import from ./admin, so none of their code rides along in a student's download.
 */
export { TranscriptDegreeProgress } from './transcript-degree-progress';
export { DegreeProgressPanel, DegreeProgressSignIn, type DegreeProgressPanelProps } from './degree-progress-panel';
export { DegreeCompare } from './degree-compare';
export { ExamScoresEditor } from './exam-scores-editor';
export { RequirementList, CourseOutcomes, requirementStatus } from './requirement-list';
export { programQueries, useSaveExamScores } from './programs-queries';
