/**
 * The schools: which school a name means (one owner: a name as written, the schools a sentence names, a picker's
 * suggestions, a web address), the federal directory, the schools an import creates, and Universities Management.
 */
export { normalizeSchoolName, schoolKeyFromName } from '../../../shared/institutions/school-names';
export { registerInstitutionRoutes } from './institutions.routes';
export { addInstitutionAliases, addSchoolNames, changeInstitution, createInstitution, createInstitutionNamedInImport, findInstitution, findInstitutionById } from './institutions.service';
export {
  findInstitutionIdsByAlias,
  institutionJsonSql,
  listStatewideNumberingInstitutions,
  loadInstitutions,
  lockInstitutionAgainstDeletion,
  toInstitutionInfo,
  type InstitutionInfo,
  type InstitutionInfoRow,
} from './institutions.queries';
export { canonicalInstitutionKey, resolveInstitutionKey } from './school-spellings';
export type { DirectorySchool } from './directory';
export { displayNameOf, expandAbbreviations, splitReportedAliases, webDomainOf } from './school-name-forms';
export { SchoolNameIndex, type IndexedSchool } from './school-name-index';
export type { SchoolCandidate, SchoolResolution, ResolutionContext } from './school-resolution';
export type { SchoolMention, SchoolsInText } from './schools-in-text';
export {
  findSchoolsByWebAddress,
  findSchoolsInText,
  firstChoiceSchools,
  loadSchoolDirectory,
  loadSchoolNames,
  resolveSchoolName,
  suggestSchools,
  type DirectoryLoadOutcome,
} from './school-names.service';
export { hasCourses, hasTransferRulesInto } from './school-names.queries';
export { loadDirectoryFacts, schoolLevelOf, type DirectoryFacts } from './directory-facts';
