import { Link } from 'react-router';
import { publicConfig } from '../../lib/public-config';

export function Footer() {
  const { contact } = publicConfig;
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-6 py-12 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">Crosswalk</p>
          <p className="mt-2 text-sm">Free for students. Built by students for students.</p>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-white uppercase">Platform</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li><Link to="/search" className="hover:text-white">Course Discovery</Link></li>
            <li><Link to="/about" className="hover:text-white">Transfer Analytics</Link></li>
            <li><a className="cursor-default" aria-disabled="true">Academic Partnerships</a></li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-white uppercase">Contact</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li><a href={`mailto:${contact.email}`} className="hover:text-white">{contact.email}</a></li>
            <li><a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className="hover:text-white">{contact.phone}</a></li>
            <li>{contact.social}</li>
            <li><Link to="/about" className="hover:text-white">About Us</Link></li>
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs">© 2025 Crosswalk. All rights reserved.</p>
    </footer>
  );
}
