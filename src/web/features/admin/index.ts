/** The admin area's data: statistics, the appeals workflow, the student directory, partners and account roles. */
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
