import { ArrowRight, Hourglass } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The spec's 'Coming Soon' placeholder, for pages a later piece of work fills. */
export function ComingSoon({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section className="px-5 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto flex max-w-xl flex-col items-center rounded-3xl bg-slate-50 px-6 py-12 text-center ring-1 ring-slate-200 sm:px-10">
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-100 text-brand-800">
          <Hourglass aria-hidden="true" className="size-7" />
        </span>
        <p className="mt-5 text-sm font-semibold tracking-wide text-brand-800 uppercase">{title}</p>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900">Coming Soon</h1>
        <p className="mt-3 text-lg text-slate-700">We are building this page. In the meantime, you can already search for courses that transfer.</p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Link to="/search" className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
            Search courses
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
          <Link to="/" className="inline-flex items-center justify-center rounded-lg px-5 py-3 font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-white">
            Back to Home
          </Link>
        </div>
      </div>
    </section>
  );
}
