import { ArrowRight, BadgeCheck, GraduationCap, HeartHandshake, Route, Sparkles, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { publicConfig } from '../../lib/public-config';
import { FOUNDED_YEAR } from '../../lib/public-site-constants';
import { useDocumentTitle } from '../../lib/use-document-title';

const VALUES = [
  { title: 'Free for students', text: 'Searching, saving and appealing cost you nothing. They never will.', icon: HeartHandshake },
  { title: 'Verified course equivalencies', text: 'Transfer answers come from the schools’ own equivalency data. Where a school has none, we say so, and a likely match is shown only as a suggestion.', icon: BadgeCheck },
  { title: 'Instant registration options', text: 'Every match links to where you can register, with the term and format.', icon: Zap },
  { title: 'Clear pathways', text: 'See how each course counts towards your degree before you enrol.', icon: Route },
];

/** /about, also linked as Transfer Analytics and About Us (spec section 2). */
export default function AboutPage() {
  const { contact } = publicConfig;
  useDocumentTitle('About Us');
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 px-5 py-16 text-white sm:px-6 sm:py-24">
        <div className="mx-auto max-w-4xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-4 py-1.5 text-sm font-semibold ring-1 ring-white/40">
            <GraduationCap aria-hidden="true" className="size-4 text-accent-400" />
            Built by students for students
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">About Crosswalk</h1>
          <p className="mt-5 max-w-2xl text-lg text-brand-100 sm:text-xl">
            We help college students find out, in seconds, which of their courses and credits transfer between schools.
          </p>
        </div>
      </section>

      <section aria-labelledby="story-heading" className="px-5 py-14 sm:px-6 sm:py-20">
        <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-5">
          <div className="lg:col-span-3">
            <h2 id="story-heading" className="text-3xl font-bold tracking-tight text-slate-900">
              Our story
            </h2>
            <div className="mt-5 space-y-4 text-lg leading-relaxed text-slate-700">
              <p>
                Crosswalk was founded in {FOUNDED_YEAR} by a transfer student. Moving schools meant weeks of emails,
                catalogue PDFs and advisor appointments just to learn which classes would count. It should take seconds.
              </p>
              <p>
                So we built the tool we wished we had: search the way you talk, upload a transcript, and get a per-course
                answer with a way to register or to appeal when a course does not transfer.
              </p>
            </div>
          </div>
          <aside className="rounded-2xl bg-amber-50 p-6 ring-1 ring-amber-200 lg:col-span-2">
            <p className="flex items-center gap-2 font-semibold text-amber-900">
              <Sparkles aria-hidden="true" className="size-5" />
              Early beta
            </p>
            <p className="mt-3 text-slate-800">
              Crosswalk is in early beta. Results are improving every week; if something looks wrong, tell us at{' '}
              <a href={`mailto:${contact.email}`} className="font-semibold text-brand-800 underline [overflow-wrap:anywhere]">
                {contact.email}
              </a>
              .
            </p>
          </aside>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="bg-slate-50 px-5 py-14 sm:px-6 sm:py-20">
        <div className="mx-auto max-w-5xl">
          <h2 id="values-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            What we promise
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2">
            {VALUES.map(({ title, text, icon: Icon }) => (
              <li key={title} className="flex gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1 text-slate-700">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="about-cta-heading" className="px-5 py-14 text-center sm:px-6 sm:py-20">
        <h2 id="about-cta-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          See what transfers for you
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-lg text-slate-700">No account needed to search.</p>
        <Link
          to="/search"
          className="mt-8 inline-flex items-center gap-2 rounded-lg bg-brand-700 px-6 py-3.5 text-base font-semibold text-white shadow hover:bg-brand-800"
        >
          Search courses
          <ArrowRight aria-hidden="true" className="size-5" />
        </Link>
      </section>
    </>
  );
}
