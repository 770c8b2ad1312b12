/** The admin area's own pages: hub figures, student directory, announcements, partners and overviews. */
export { compactAdminCounts, readAppealTotalsByStatus } from './admin-overview.queries';
export { refreshAdminStatistics } from './admin-statistics.queries';
export { registerAdminRoutes } from './admin.routes';
