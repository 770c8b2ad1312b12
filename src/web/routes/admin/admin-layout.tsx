import { NavLink, Outlet } from 'react-router';
import { SignInPanel, TwoFactorSetup, useAccount } from '../../features/auth';
import { useDocumentTitle } from '../../lib/use-document-title';

const sections = [
  { to: '/admin', label: 'Hub', end: true },
  { to: '/admin/students', label: 'Students' },
  { to: '/admin/appeals', label: 'Appeals' },
  { to: '/admin/evaluation-queue', label: 'Evaluation queue' },
  { to: '/admin/rule-health', label: 'Rule health' },
  { to: '/admin/courses', label: 'Course data' },
  { to: '/admin/universities', label: 'Universities' },
  { to: '/admin/transfer-data', label: 'Transfer data' },
  { to: '/admin/announcements', label: 'Announcements' },
  { to: '/admin/programs', label: 'Programs' },
  { to: '/admin/schools', label: 'Partner schools' },
  { to: '/admin/studentu', label: 'Partner API' },
  { to: '/admin/settings', label: 'Settings' },
];

/**
 * The admin guard (spec section 2): signed out shows a sign-in panel returning to /admin; signed in without the admin
 * role shows 'Access denied'; an admin without two-factor sets it up first. The server enforces all of this again.
 */
export default function AdminLayout() {
  const { data: account, isPending, isError } = useAccount();
  if (isPending) {
    return (
      <p role="status" className="px-4 py-24 text-center text-slate-600">
        Loading…
      </p>
    );
  }
  if (isError || !account) {
    return <SignInPanel title="Admin sign-in" description="You must be signed in as an admin." returnTo="/admin" forStaff />;
  }
  if (!account.roles.includes('admin')) return <AccessDenied />;
  if (!account.twoFactorEnabled) return <TwoFactorSetup />;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 lg:flex-row">
      <nav aria-label="Admin" className="lg:w-52 lg:shrink-0">
        <ul className="flex gap-1 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible">
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={section.end}
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${isActive ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

function AccessDenied() {
  useDocumentTitle('Access denied');
  return (
    <section className="mx-auto max-w-lg px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Access denied</h1>
      <p className="mt-3 text-slate-700">You need an admin account.</p>
    </section>
  );
}
