import { Link } from 'react-router';
import { publicConfig } from '../../lib/public-config';
import { FOUNDED_YEAR } from '../../lib/public-site-constants';
import { BrandMark } from '../ui/brand-mark';

const footerLink = 'rounded-sm text-slate-300 underline-offset-4 hover:text-white hover:underline';

/** Footer (spec section 2): Platform and Contact columns and the copyright line. */
export function Footer() {
  const { contact } = publicConfig;
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <BrandMark className="size-7" />
            Crosswalk
          </p>
          <p className="mt-3 max-w-sm text-sm leading-relaxed">
            Free for students. Built by students for students. Find out which of your courses and credits transfer before you
            register.
          </p>
          <p className="mt-4 inline-flex rounded-full bg-slate-800 px-3 py-1 text-xs font-semibold text-accent-400">Early beta</p>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Platform</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <Link to="/search" className={footerLink}>
                Course Discovery
              </Link>
            </li>
            <li>
              <Link to="/about" className={footerLink}>
                Transfer Analytics
              </Link>
            </li>
            <li>
              {/* A dead link, as the spec has it: partnerships have no page yet. */}
              <a role="link" aria-disabled="true" className="cursor-not-allowed text-slate-400">
                Academic Partnerships
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a href={`mailto:${contact.email}`} className={`${footerLink} [overflow-wrap:anywhere]`}>
                {contact.email}
              </a>
            </li>
            <li>
              <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className={footerLink}>
                {contact.phone}
              </a>
            </li>
            <li>
              <span className="sr-only">Social: </span>
              {contact.social}
            </li>
            <li>
              <Link to="/about" className={footerLink}>
                About Us
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-800 px-6 py-5 text-center text-xs text-slate-400">
        © {FOUNDED_YEAR} Crosswalk. All rights reserved.
      </p>
    </footer>
  );
}
