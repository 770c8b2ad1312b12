import { Home, MapPinOff } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Any unknown route (spec section 2). */
export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-brand-100 text-brand-800">
        <MapPinOff aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 text-7xl font-extrabold tracking-tight text-brand-900">404</p>
      <h1 className="mt-3 text-3xl font-bold text-slate-900">Oops! Page not found</h1>
      <p className="mt-3 text-lg text-slate-700">The page you are looking for does not exist or has moved.</p>
      <Link
        to="/"
        className="mt-8 inline-flex items-center gap-2 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
      >
        <Home aria-hidden="true" className="size-5" />
        Return to Home
      </Link>
    </section>
  );
}
