/** Equivalency data kept by staff: schools and their aliases, the rules CSV import, and the overviews of it all. */
export { equivalencyOverviewQueries, institutionQueries, useImportRules } from './equivalency-queries';
export { SCHOOL_KIND_LABELS, SchoolForm } from './school-form';
export { ColumnMappingStep } from './column-mapping-step';
