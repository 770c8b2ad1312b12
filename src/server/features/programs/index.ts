/**
 * The programs feature's public entry (issue 24): degree programs and their requirements, course attributes, exam
 * credit, and degree progress. Other features, scripts and tests import from here only.
 */
export { registerProgramRoutes } from './programs.routes';
export { getDegreeProgress, compareDegreeProgress, getExamScores, degreeProgressForCourses, findProgramForMajor, findSchoolProgram, listSchoolPrograms, type ProgramsActor } from './programs.service';
export { importProgramData, exportProgramCsv, type ProgramCsvFile } from './programs-import.service';
export { loadProgramsSet, programsSetFolder, PROGRAMS_SETS, type ProgramsSetName, type ProgramsSetLoad } from './reference-data/load-programs-set';
