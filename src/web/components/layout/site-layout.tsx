import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RenderErrorBoundary } from '../../app/route-error-screen';
import { prefersReducedMotion } from '../../lib/use-reduced-motion';
import { Footer } from './footer';
import { Navbar } from './navbar';

/** Page changes start at the top; in-page hash links scroll smoothly to their target (below the sticky nav). */
function ScrollManager() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) {
      target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
      return;
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, [pathname, hash]);
  return null;
}

export function SiteLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-800">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-brand-800 focus:shadow"
      >
        Skip to content
      </a>
      <ScrollManager />
      <Navbar />
      <main id="main" tabIndex={-1} className="flex-1 scroll-mt-16 focus:outline-none">
        <RenderErrorBoundary resetKey={pathname}>
          {/* The fallback fills the screen, so the footer waits below the fold while a page's code loads instead of
              showing and then jumping away (a layout shift a phone user sees). */}
          <Suspense fallback={<p role="status" className="min-h-svh px-4 py-24 text-center text-slate-600">Loading…</p>}>
            <Outlet />
          </Suspense>
        </RenderErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
