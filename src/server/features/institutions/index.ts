/** The schools: which school a name means, the schools an import creates, and Universities Management. */
export { normalizeSchoolName, schoolKeyFromName } from '../../../shared/institutions/school-names';
export { registerInstitutionRoutes } from './institutions.routes';
export { changeInstitution, createInstitution, createInstitutionNamedInImport, findInstitution, findInstitutionById } from './institutions.service';
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
export { loadDirectoryFacts, schoolLevelOf, type DirectoryFacts } from './directory-facts';
