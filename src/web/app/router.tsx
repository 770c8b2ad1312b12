import { createBrowserRouter, type RouteObject } from 'react-router';
import { SiteLayout } from '../components/layout/site-layout';
import { RouteErrorScreen } from './route-error-screen';
import HomePage from '../routes/public/home-page';
import NotFoundPage from '../routes/public/not-found-page';

/** Lazy route: the page's module is its own chunk, loaded when the route is first visited. */
const lazyPage = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** Every route of spec section 2. Student and admin areas are code-split chunks. */
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        errorElement: <RouteErrorScreen />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'search', ...lazyPage(() => import('../routes/public/search-page')) },
          { path: 'about', ...lazyPage(() => import('../routes/public/about-page')) },
          { path: 'my-courses', ...lazyPage(() => import('../routes/public/my-courses-page')) },
          { path: 'results', ...lazyPage(() => import('../routes/public/results-page')) },
          { path: 'course/:id', ...lazyPage(() => import('../routes/public/course-details-page')) },
          { path: 'forgot-password', ...lazyPage(() => import('../routes/public/forgot-password-page')) },
          { path: 'reset-password', ...lazyPage(() => import('../routes/public/reset-password-page')) },
          { path: '__debug', ...lazyPage(() => import('../routes/public/debug-page')) },
          { path: 'student', ...lazyPage(() => import('../routes/student/student-hub-page')) },
          { path: 'student/search', ...lazyPage(() => import('../routes/student/student-search-page')) },
          { path: 'student/login', ...lazyPage(() => import('../routes/student/student-login-page')) },
          { path: 'student/signup', ...lazyPage(() => import('../routes/student/student-signup-page')) },
          { path: 'student/profile', ...lazyPage(() => import('../routes/student/student-profile-page')) },
          { path: 'student/appeal', ...lazyPage(() => import('../routes/student/student-appeal-page')) },
          { path: 'admin-login', ...lazyPage(() => import('../routes/admin/admin-login-page')) },
          { path: 'admin-signup', ...lazyPage(() => import('../routes/admin/admin-signup-page')) },
          {
            path: 'admin',
            lazy: async () => ({ Component: (await import('../routes/admin/admin-layout')).default }),
            children: [
              { index: true, ...lazyPage(() => import('../routes/admin/admin-hub-page')) },
              { path: 'universities', ...lazyPage(() => import('../routes/admin/admin-universities-page')) },
              { path: 'students', ...lazyPage(() => import('../routes/admin/admin-students-page')) },
              { path: 'courses', ...lazyPage(() => import('../routes/admin/admin-courses-page')) },
              { path: 'appeals', ...lazyPage(() => import('../routes/admin/admin-appeals-page')) },
              { path: 'transfer-data', ...lazyPage(() => import('../routes/admin/admin-transfer-data-page')) },
              { path: 'studentu', ...lazyPage(() => import('../routes/admin/admin-partner-page')) },
              { path: 'announcements', ...lazyPage(() => import('../routes/admin/admin-announcements-page')) },
              { path: 'settings', ...lazyPage(() => import('../routes/admin/admin-settings-page')) },
              { path: 'programs', ...lazyPage(() => import('../routes/admin/admin-programs-page')) },
              { path: 'schools', ...lazyPage(() => import('../routes/admin/admin-schools-page')) },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
