import { ArrowRight, BadgeCheck, CalendarCheck, Check, FileSearch, GraduationCap, ListFilter, Mail, Phone, Route, Search, Sparkles, Zap } from 'lucide-react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { HeroCarousel } from '../../components/ui/hero-carousel';
import { Reveal } from '../../components/ui/reveal';
import { HERO_SLIDES } from '../../lib/hero-slides';
import { organizationStructuredData, toJsonLd } from '../../lib/organization-structured-data';
import { publicConfig } from '../../lib/public-config';
import { FOUNDED_YEAR, HERO_INTERVAL_MS, REVEAL_STAGGER_MS } from '../../lib/public-site-constants';
import { SEARCH_FORM_ID } from '../../lib/search-form-anchor';
import { useDocumentTitle } from '../../lib/use-document-title';

const MARKS = [
  { label: 'Free', icon: Check },
  { label: 'Instant', icon: Zap },
  { label: 'Verified Results', icon: BadgeCheck },
];

const PROMISES = [
  { title: 'Verified course equivalencies', text: 'See which of your courses count at the school you are moving to, and for how many credits.', icon: BadgeCheck },
  { title: 'Instant registration options', text: 'Find open sections, including summer and winter terms, and go straight to registration.', icon: Zap },
  { title: 'Clear pathways', text: 'Know before you enrol how each class moves you towards your degree at your next school.', icon: Route },
];

/** The four steps of spec section 1. */
const STEPS = [
  { title: 'Choose a search', text: 'Describe what you need in your own words, or upload your transcript.', icon: FileSearch },
  { title: 'Enter your info', text: 'Pick your current and target colleges and set filters like term and format.', icon: ListFilter },
  { title: 'View matches', text: 'See the guaranteed equivalencies for every course that transfers.', icon: Search },
  { title: 'Register', text: 'Lock in your class with a direct link to the school’s registration.', icon: CalendarCheck },
];

const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-accent-400 px-6 py-3.5 text-base font-bold text-slate-950 shadow-lg transition hover:bg-accent-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white';

function Hero() {
  return (
    <HeroCarousel slides={HERO_SLIDES} intervalMs={HERO_INTERVAL_MS}>
      <div className="mx-auto w-full max-w-7xl px-5 py-14 sm:px-6 sm:py-20">
        <div className="max-w-3xl">
          <Link
            to="/about"
            className="inline-flex items-center gap-2 rounded-full bg-white/15 px-4 py-2 text-sm font-semibold text-white ring-1 ring-white/40 backdrop-blur-sm hover:bg-white/25"
          >
            <GraduationCap aria-hidden="true" className="size-4 text-accent-400" />
            Built By Students For Students
          </Link>
          <h1 className="mt-6 text-5xl leading-[1.05] font-extrabold tracking-tight text-balance sm:text-6xl lg:text-7xl">
            Search. Register. Transfer.
          </h1>
          <p className="mt-5 max-w-xl text-xl text-slate-100 sm:text-2xl">Find your perfect course match in seconds</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
            <Link to="/search" className={primaryButton}>
              Start Your Transfer Journey
              <ArrowRight aria-hidden="true" className="size-5" />
            </Link>
            <Link
              to="#how-it-works"
              className="inline-flex items-center justify-center rounded-lg px-5 py-3.5 font-semibold text-white ring-1 ring-white/50 hover:bg-white/10"
            >
              See how it works
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-3" aria-label="What you get">
            {MARKS.map(({ label, icon: Icon }) => (
              <li key={label} className="flex items-center gap-2 text-base font-semibold text-white">
                <span className="inline-flex size-7 items-center justify-center rounded-full bg-accent-400 text-slate-950">
                  <Icon aria-hidden="true" className="size-4" strokeWidth={3} />
                </span>
                {label}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </HeroCarousel>
  );
}

/** The intro: a compact search form (the target of Get Started on this page) and the three promises. */
function Intro() {
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    void navigate(query ? `/search?q=${encodeURIComponent(query)}` : '/search');
  };
  return (
    <section aria-labelledby="intro-heading" className="bg-slate-50 px-5 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-7xl">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="intro-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Transferring shouldn’t feel like guesswork
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Tell us the course you need and where you are headed. Crosswalk shows you, in seconds, the classes that transfer
            and where you can take them.
          </p>
        </div>
        <form
          id={SEARCH_FORM_ID}
          action="/search"
          method="get"
          role="search"
          aria-label="Start searching"
          onSubmit={onSubmit}
          className="mx-auto mt-8 flex max-w-2xl scroll-mt-24 flex-col gap-3 rounded-2xl bg-white p-4 shadow-lg ring-1 ring-slate-200 sm:flex-row sm:items-end sm:p-5"
        >
          <div className="flex-1">
            <label htmlFor="home-search" className="block text-sm font-semibold text-slate-800">
              Start searching
            </label>
            <input
              id="home-search"
              name="q"
              type="search"
              autoComplete="off"
              placeholder="e.g. ECON 201 from Miami Dade College to FIU"
              className="mt-1.5 w-full rounded-lg border border-slate-400 px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:ring-2 focus:ring-brand-700/30 focus:outline-none"
            />
          </div>
          <button
            type="submit"
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 py-3 text-base font-semibold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            <Search aria-hidden="true" className="size-5" />
            Search
          </button>
        </form>
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {PROMISES.map(({ title, text, icon: Icon }) => (
            <li key={title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function WhatIsCrosswalk() {
  const { contact } = publicConfig;
  return (
    <section id="what-is-crosswalk" aria-labelledby="what-heading" className="scroll-mt-16 px-5 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto grid max-w-7xl items-start gap-10 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <p className="inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
            <Sparkles aria-hidden="true" className="size-4" />
            Early beta
          </p>
          <h2 id="what-heading" className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            What is Crosswalk
          </h2>
          <div className="mt-5 space-y-4 text-lg leading-relaxed text-slate-700">
            <p>
              Crosswalk is a free tool for college students who want to know which courses and credits will transfer
              between schools. It is built by students for students: it was founded in {FOUNDED_YEAR} by a transfer student
              who spent too many hours comparing course catalogues by hand.
            </p>
            <p>
              We are in early beta. Search by describing what you need, by filling in a short form, or by uploading your
              transcript, and get verified course equivalencies, instant registration options and a clear pathway to your
              next school.
            </p>
          </div>
        </div>
        <aside aria-labelledby="schools-heading" className="rounded-2xl bg-brand-900 p-5 text-white shadow-xl sm:p-8 lg:col-span-2">
          <h3 id="schools-heading" className="text-xl font-bold">
            Are you a school?
          </h3>
          <p className="mt-3 text-brand-100">
            Help your students transfer with confidence. Get involved by sharing your equivalency data or partnering with us.
          </p>
          <ul className="mt-6 space-y-3">
            <li>
              <a href={`mailto:${contact.email}`} className="flex items-center gap-3 rounded-lg bg-white/10 px-4 py-3 text-[15px] font-semibold [overflow-wrap:anywhere] hover:bg-white/20 sm:text-base">
                <Mail aria-hidden="true" className="size-5 shrink-0 text-accent-400" />
                {contact.email}
              </a>
            </li>
            <li>
              <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className="flex items-center gap-3 rounded-lg bg-white/10 px-4 py-3 font-semibold hover:bg-white/20">
                <Phone aria-hidden="true" className="size-5 shrink-0 text-accent-400" />
                {contact.phone}
              </a>
            </li>
          </ul>
        </aside>
      </div>
    </section>
  );
}

function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-heading" className="scroll-mt-16 bg-slate-50 px-5 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-7xl">
        <h2 id="how-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          How It Works
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-700">From “will this count?” to registered, in four steps.</p>
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ title, text, icon: Icon }, index) => (
            <li key={title} className="h-full">
              <Reveal delayMs={index * REVEAL_STAGGER_MS} className="h-full">
                <div className="relative h-full rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                  <span className="absolute top-5 right-5 text-sm font-bold text-slate-500">Step {index + 1}</span>
                  <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
                  <p className="mt-2 text-slate-700">{text}</p>
                </div>
              </Reveal>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function ClosingCallToAction() {
  return (
    <section aria-labelledby="cta-heading" className="bg-gradient-to-br from-brand-900 to-brand-700 px-5 py-16 text-center text-white sm:px-6 sm:py-20">
      <h2 id="cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
        Ready to see what transfers?
      </h2>
      <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">It’s free, it takes seconds, and you don’t need an account to search.</p>
      <Link to="/search" className={`${primaryButton} mt-8`}>
        Find Your Perfect Transfer Courses
        <ArrowRight aria-hidden="true" className="size-5" />
      </Link>
    </section>
  );
}

export default function HomePage() {
  useDocumentTitle();
  const structuredData = toJsonLd(organizationStructuredData(window.location.origin, publicConfig.contact));
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: structuredData }} />
      <Hero />
      <Intro />
      <WhatIsCrosswalk />
      <HowItWorks />
      <ClosingCallToAction />
    </>
  );
}
