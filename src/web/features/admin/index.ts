/** The admin area's data: statistics (with the reference-data sets' loading state), the appeals workflow, the student directory, partners and account roles. */
export {
  adminAccountQueries,
  adminAppealQueries,
  adminStatsQueries,
  adminStudentQueries,
  partnerQueries,
  useChangeRole,
  useMarkAppealsInReview,
  useTogglePartner,
  useUpdateAppeal,
} from './admin-queries';
export { AppealReviewForm, type AppealActions } from './appeal-review-form';
export { AppealEvidencePanel } from './appeal-evidence';
export { ReferenceDataPanel } from './reference-data-panel';
