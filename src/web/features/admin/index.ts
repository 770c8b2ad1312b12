/** The admin area's data: statistics (with the reference-data sets' loading state), the appeals workflow, the student directory, partners and account roles. */
export {
  adminAccountQueries,
  adminAppealQueries,
  adminStatsQueries,
  adminStudentQueries,
  partnerQueries,
  useChangeRole,
  useTogglePartner,
  useUpdateAppeal,
} from './admin-queries';
export { AppealReviewForm } from './appeal-review-form';
export { ReferenceDataPanel } from './reference-data-panel';
