import { Menu, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { AuthControls } from '../../features/auth';
import { publicConfig } from '../../lib/public-config';
import { NAV_SHADOW_THRESHOLD_PX } from '../../lib/public-site-constants';
import { scrollToSearchForm } from '../../lib/search-form-anchor';
import { useScrolledPast } from '../../lib/use-scrolled-past';
import { BrandMark } from '../ui/brand-mark';
import { ScrollToTopButton } from './scroll-to-top-button';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-base font-medium whitespace-nowrap xl:text-sm ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-brand-800'
  }`;

/**
 * Top navigation (spec section 2): sticky, a shadow after 10 px of scroll, a collapsible menu on phones.
 * Get Started scrolls to the home page's search form on /, and goes to /search everywhere else.
 */
export function Navbar() {
  const { pathname } = useLocation();
  // The menu remembers the page it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const closeMenu = useCallback(() => setOpenOn(null), []);
  const menuButton = useRef<HTMLButtonElement>(null);
  const scrolled = useScrolledPast(NAV_SHADOW_THRESHOLD_PX);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenOn(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const items = [
    { to: '/', label: 'Home' },
    { to: '/search', label: 'Search' },
    { to: '/about', label: 'About' },
    ...(publicConfig.studentPortalEnabled ? [{ to: '/student', label: 'Student Portal' }] : []),
    { to: '/admin-login', label: 'Admin Login' },
  ];

  const onGetStarted = (event: MouseEvent<HTMLAnchorElement>) => {
    closeMenu();
    if (pathname === '/' && scrollToSearchForm()) event.preventDefault();
  };

  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 border-b bg-white/95 backdrop-blur transition-shadow ${scrolled ? 'border-slate-200 shadow-md' : 'border-transparent'}`}
    >
      <nav className="relative mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6" aria-label="Main">
        <Link to="/" className="flex items-center gap-2 rounded-md text-xl font-extrabold tracking-tight text-brand-900" onClick={closeMenu}>
          <BrandMark className="size-8" />
          Crosswalk
        </Link>
        {/* Before the menu in the page order, so the menu's links follow its toggle; drawn last on a desktop. */}
        <div className="flex items-center gap-1 xl:order-last">
          <ScrollToTopButton />
          <button
            ref={menuButton}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 xl:hidden"
            aria-expanded={menuOpen}
            aria-controls="main-menu"
            onClick={() => setOpenOn(menuOpen ? null : pathname)}
          >
            <span className="sr-only">Menu</span>
            {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
          </button>
        </div>
        <div
          id="main-menu"
          className={`${menuOpen ? 'flex' : 'hidden'} absolute top-full right-0 left-0 max-h-[calc(100svh-4rem)] flex-col gap-1 overflow-y-auto border-b border-slate-200 bg-white p-4 shadow-lg xl:static xl:flex xl:max-h-none xl:flex-row xl:items-center xl:gap-1 xl:overflow-visible xl:border-0 xl:p-0 xl:shadow-none`}
        >
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} className={linkClass} end onClick={closeMenu}>
              {item.label}
            </NavLink>
          ))}
          <a
            href={`mailto:${publicConfig.contact.email}?subject=${encodeURIComponent('Getting connected with Crosswalk')}`}
            className={linkClass({ isActive: false })}
            onClick={closeMenu}
          >
            Get Connected
          </a>
          <div className="mt-2 flex flex-col gap-2 border-t border-slate-200 pt-3 xl:mt-0 xl:ml-2 xl:flex-row xl:items-center xl:border-0 xl:pt-0">
            <Link
              to="/search"
              onClick={onGetStarted}
              className="rounded-md bg-brand-700 px-4 py-2.5 text-center text-base font-semibold text-white shadow-sm hover:bg-brand-800 xl:py-2 xl:text-sm"
            >
              Get Started
            </Link>
            <AuthControls onNavigate={closeMenu} focusAfterModal={() => menuButton.current} />
          </div>
        </div>
      </nav>
    </header>
  );
}
