/** The programs feature's public entry for the admin's pages: the programs list with its edit form, and the CSV import. */
export { ProgramsImportCard } from './programs-import-card';
export { ProgramsTable } from './programs-table';
export { adminProgramQueries, useUpdateProgram, uploadProgramCsv } from './programs-queries';
