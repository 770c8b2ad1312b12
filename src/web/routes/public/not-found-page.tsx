import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <p className="text-6xl font-extrabold text-brand-900">404</p>
      <h1 className="text-2xl font-bold text-slate-900">Oops! Page not found</h1>
      <Link to="/" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Return to Home
      </Link>
    </section>
  );
}
