import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { SiteLayout } from '../components/layout/site-layout';
import HomePage from '../routes/public/home-page';
import NotFoundPage from '../routes/public/not-found-page';

/**
 * Every route of spec section 2, in React Router's declarative mode (smaller than the data router, which this app
 * does not need: data comes from TanStack Query). Every page but the home page is its own lazy chunk; the student and
 * admin areas too.
 */
type PageModule = Promise<{ default: ComponentType }>;
const preloadable: Array<{ pattern: RegExp; load: () => PageModule }> = [];

/** A lazy page; with a path pattern, its chunk can also be fetched early (see preloadRouteChunks). */
const page = (load: () => PageModule, pattern?: RegExp): LazyExoticComponent<ComponentType> => {
  if (pattern) preloadable.push({ pattern, load });
  return lazy(load);
};

const loadQueryLayout = () => import('./query-layout');
const QueryLayout = page(loadQueryLayout);

/**
 * Fetches the chunks the first page needs in parallel (the data layout and the page itself) instead of one after
 * the other as React renders them: on a slow phone connection that saves a round trip before anything shows.
 */
export function preloadRouteChunks(pathname: string): void {
  const matches = preloadable.filter(({ pattern }) => pattern.test(pathname));
  if (matches.length === 0) return;
  void loadQueryLayout();
  for (const { load } of matches) void load();
}
const AdminLayout = page(() => import('../routes/admin/admin-layout'), /^\/admin(\/|$)/);
const SearchPage = page(() => import('../routes/public/search-page'), /^\/search\/?$/);
const AboutPage = page(() => import('../routes/public/about-page'), /^\/about\/?$/);
const MyCoursesPage = page(() => import('../routes/public/my-courses-page'));
const ResultsPage = page(() => import('../routes/public/results-page'));
const CourseDetailsPage = page(() => import('../routes/public/course-details-page'), /^\/course\//);
const ForgotPasswordPage = page(() => import('../routes/public/forgot-password-page'));
const ResetPasswordPage = page(() => import('../routes/public/reset-password-page'));
const DebugPage = page(() => import('../routes/public/debug-page'));
const StudentHubPage = page(() => import('../routes/student/student-hub-page'), /^\/student\/?$/);
const StudentSearchPage = page(() => import('../routes/student/student-search-page'));
const StudentLoginPage = page(() => import('../routes/student/student-login-page'));
const StudentSignupPage = page(() => import('../routes/student/student-signup-page'));
const StudentProfilePage = page(() => import('../routes/student/student-profile-page'), /^\/student\/profile/);
const StudentAppealPage = page(() => import('../routes/student/student-appeal-page'));
const StudentAppealStatusPage = page(() => import('../routes/student/student-appeal-status-page'));
const AdminLoginPage = page(() => import('../routes/admin/admin-login-page'));
const AdminSignupPage = page(() => import('../routes/admin/admin-signup-page'));
const AdminUniversitiesPage = page(() => import('../routes/admin/admin-universities-page'));
const AdminStudentsPage = page(() => import('../routes/admin/admin-students-page'));
const AdminCoursesPage = page(() => import('../routes/admin/admin-courses-page'));
const AdminAppealsPage = page(() => import('../routes/admin/admin-appeals-page'));
const AdminEvaluationQueuePage = page(() => import('../routes/admin/admin-evaluation-queue-page'));
const AdminRuleHealthPage = page(() => import('../routes/admin/admin-rule-health-page'));
const AdminTransferDataPage = page(() => import('../routes/admin/admin-transfer-data-page'));
const AdminPartnerPage = page(() => import('../routes/admin/admin-partner-page'));
const AdminAnnouncementsPage = page(() => import('../routes/admin/admin-announcements-page'));
const AdminSettingsPage = page(() => import('../routes/admin/admin-settings-page'));
const AdminProgramsPage = page(() => import('../routes/admin/admin-programs-page'));
const AdminSchoolsPage = page(() => import('../routes/admin/admin-schools-page'));
const AdminHubPage = page(() => import('../routes/admin/admin-hub-page'));
const AdminTranscriptReportPage = page(() => import('../routes/admin/admin-transcript-report-page'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route index element={<HomePage />} />
        <Route element={<QueryLayout />}>
          <Route path="search" element={<SearchPage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="my-courses" element={<MyCoursesPage />} />
          <Route path="results" element={<ResultsPage />} />
          <Route path="course/:id" element={<CourseDetailsPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="__debug" element={<DebugPage />} />
          <Route path="student" element={<StudentHubPage />} />
          <Route path="student/search" element={<StudentSearchPage />} />
          <Route path="student/login" element={<StudentLoginPage />} />
          <Route path="student/signup" element={<StudentSignupPage />} />
          <Route path="student/profile" element={<StudentProfilePage />} />
          <Route path="student/appeal" element={<StudentAppealPage />} />
          <Route path="student/appeals/:id" element={<StudentAppealStatusPage />} />
          <Route path="admin-login" element={<AdminLoginPage />} />
          <Route path="admin-signup" element={<AdminSignupPage />} />
          <Route path="admin" element={<AdminLayout />}>
            <Route index element={<AdminHubPage />} />
            <Route path="universities" element={<AdminUniversitiesPage />} />
            <Route path="students" element={<AdminStudentsPage />} />
            <Route path="transcripts/:transcriptId" element={<AdminTranscriptReportPage />} />
            <Route path="courses" element={<AdminCoursesPage />} />
            <Route path="appeals" element={<AdminAppealsPage />} />
            <Route path="evaluation-queue" element={<AdminEvaluationQueuePage />} />
            <Route path="rule-health" element={<AdminRuleHealthPage />} />
            <Route path="transfer-data" element={<AdminTransferDataPage />} />
            <Route path="studentu" element={<AdminPartnerPage />} />
            <Route path="announcements" element={<AdminAnnouncementsPage />} />
            <Route path="settings" element={<AdminSettingsPage />} />
            <Route path="programs" element={<AdminProgramsPage />} />
            <Route path="schools" element={<AdminSchoolsPage />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
