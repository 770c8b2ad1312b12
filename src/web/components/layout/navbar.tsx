import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { AuthControls } from '../../features/auth/auth-controls';
import { publicConfig } from '../../lib/public-config';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'text-brand-800' : 'text-slate-700 hover:text-brand-700'}`;

/** Top navigation (spec section 2). The public-site issue completes its behaviours. */
export function Navbar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const items = [
    { to: '/', label: 'Home' },
    { to: '/search', label: 'Search' },
    { to: '/about', label: 'About' },
    ...(publicConfig.studentPortalEnabled ? [{ to: '/student', label: 'Student Portal' }] : []),
    { to: '/admin-login', label: 'Admin Login' },
  ];
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav className="mx-auto flex max-w-7xl items-center justify-between px-4 py-3" aria-label="Main">
        <Link to="/" className="text-xl font-extrabold tracking-tight text-brand-900">
          Crosswalk
        </Link>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="sr-only">Menu</span>☰
        </button>
        <div id="main-menu" className={`${menuOpen ? 'flex' : 'hidden'} absolute top-full right-0 left-0 flex-col gap-1 border-b border-slate-200 bg-white p-4 md:static md:flex md:flex-row md:items-center md:border-0 md:p-0`}>
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} className={linkClass} end onClick={() => setMenuOpen(false)}>
              {item.label}
            </NavLink>
          ))}
          <a href={`mailto:${publicConfig.contact.email}`} className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-brand-700">
            Get Connected
          </a>
          <Link to="/search" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            Get Started
          </Link>
          <AuthControls onNavigate={() => setMenuOpen(false)} />
        </div>
      </nav>
    </header>
  );
}
