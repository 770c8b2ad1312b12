/** The programs feature's public entry (issue 24): degree progress, exam scores, compare, and the admin's programs. */
export { TranscriptDegreeProgress } from './transcript-degree-progress';
export { DegreeProgressPanel, DegreeProgressSignIn, type DegreeProgressPanelProps } from './degree-progress-panel';
export { DegreeCompare } from './degree-compare';
export { ExamScoresEditor } from './exam-scores-editor';
export { RequirementList, CourseOutcomes, requirementStatus } from './requirement-list';
export { programQueries, adminProgramQueries, useSaveExamScores, useUpdateProgram, uploadProgramCsv } from './programs-queries';
export { ProgramsImportCard } from './programs-import-card';
export { ProgramsTable } from './programs-table';
