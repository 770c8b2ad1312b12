/**
 * Equivalency rules: the engine that decides whether courses transfer (and the one rule-picker it uses), the rules'
 * identity, and the commands that import rules and catalogues and export rules.
 */
export { convertCredits, creditsAtDestination } from './engine/credit-conversion';
export { stableHash } from './engine/csv-import-format';
export { createCsvRowParser, formatCsvLine, type CsvRow } from './engine/csv-row-parser';
export { decideByCourseAlone, decideFromUnknownSchool, decideTransfers } from './engine/decide-transfers';
export { parseStatewideCourseNumber } from './engine/florida-statewide-numbering';
export { decideCourseAlone, decideCourseAnywhereNow, decideCourseNow, type CourseVerdict } from './engine/course-verdict';
export { statewideTargetOutsideCatalogue } from './engine/decide-transfers';
export { checkGrade, gradeForDecision, isValidMinimumGrade, readGrade } from './engine/grades';
export { isGoodForRegistrars, isShownToStudents, REGISTRAR_SUGGESTION_FLOOR } from './engine/student-suggestions';
export type { AcademicCalendar, DecisionEvidence, EquivalencyDecision, EquivalencyRule, InstitutionInfo, RuleTarget, SourceCourseTaken } from './engine/types';
export { addRuleFromApprovedAppeal, decideAtDestinations, decideForCourses, decideForTranscripts, suggestForPairs } from './equivalency.service';
export { deleteRegistrarRule, findRuleGeneralEducationCodes, listDecidableDestinations, listGeneralEducationCodesInto, mayBeDecidedByRuleOrStatewideSql } from './equivalency.queries';
export { generalEducationCodesInNotes } from './engine/general-education-codes';
export type { CsvInput } from './import/csv-input';
export { exportEquivalencyCsv } from './import/export-rules.command';
export { CATALOG_COLUMNS, detectCsvKind, importCatalogCsv, type CatalogImportResult } from './import/import-catalogue.command';
export { importEquivalencyCsv, type ImportActor } from './import/import-rules.command';
export { registerEquivalencyImportRoutes } from './import/import.routes';
export { writeRegistrarRule, type RegistrarRule } from './import/registrar-rule.command';
export { storedRuleContentHash, storedRuleFingerprint } from './rule-identity';
export { decideCourseTransfers } from './equivalency.service';
export { engineRule, ruleJsonSql, type StoredRuleRow } from './equivalency.queries';
export { compareRuleAuthority, pickRule, rankRules } from './engine/rule-picker';
export { currentTerm, describeTermRange, formatTerm, parseTerm, ruleTermNote, termBefore, type ParsedTerm } from './engine/terms';
export { deleteRules, setRuleTerms, type RuleEditor } from './rule-edits.command';
export { describeApproval, describeCourses } from './rule-identity';
