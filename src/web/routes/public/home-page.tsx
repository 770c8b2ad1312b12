import { Link } from 'react-router';

export default function HomePage() {
  return (
    <section className="bg-gradient-to-br from-brand-900 to-brand-700 px-6 py-24 text-center text-white">
      <h1 className="text-4xl font-extrabold sm:text-6xl">Search. Register. Transfer.</h1>
      <p className="mt-4 text-lg text-brand-100">Find your perfect course match in seconds</p>
      <Link to="/search" className="mt-8 inline-block rounded-md bg-accent-400 px-6 py-3 font-semibold text-slate-900">
        Start Your Transfer Journey
      </Link>
    </section>
  );
}
