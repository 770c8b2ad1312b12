/** The schools: which school a name means, the schools an import creates, and Universities Management. */
export { normalizeSchoolName, schoolKeyFromName } from '../../../shared/institutions/school-names';
export { registerInstitutionRoutes } from './institutions.routes';
export { createInstitutionNamedInImport, findInstitution, findInstitutionById } from './institutions.service';
export { findInstitutionIdsByAlias, listStatewideNumberingInstitutions, loadInstitutions, lockInstitutionAgainstDeletion, type InstitutionInfo } from './institutions.queries';
export { canonicalInstitutionKey, resolveInstitutionKey } from './school-spellings';
