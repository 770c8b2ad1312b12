/**
 * The catalogue: what each school's catalogue lists (courses, their offerings, cross-listings), the catalogue version,
 * and the course code: `codeKey()`, the one "same course" rule (decisions 111 and 191).
 */
export {
  catalogueTitles,
  findCourse,
  findCrossListedCodes,
  listOfferings,
  loadCataloguesInSubjects,
  loadSchoolCourses,
  loadSourceCatalogEntries,
  loadSourceCatalogEntriesForPairs,
  otherCodeKeysSql,
  readCatalogueVersion,
  upsertCatalogueCourses,
  type CatalogueCourse,
  type CourseRow,
  type ListedCourse,
  type OfferingRow,
} from './catalogue.queries';
export { codeKey, codeKeySql, codeShape, courseLevel, formatCourseCode, ruleIdentityCourseKey, splitCourseCode, wisconsinStatewideKey, type SplitCourseCode } from './course-code';
