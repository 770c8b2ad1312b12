import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { DestinationsResponse, RankedDestination } from '@shared/schemas/destinations';
import { VERDICT_CLASS_INFO, type VerdictClass } from '@shared/schemas/verdict-class';
import { Alert } from '../../components/ui/alert';
import { formatCredits } from '../transcripts';
import { CreditsBar } from './credits-bar';
import { destinationsQueries, NO_FILTERS, type DestinationFilters } from './destinations-queries';

/** On a phone the best few come first; the rest one tap away. */
const FIRST_SHOWN = 5;
/** The table's columns: the classes a student reads most, the rest summed under "No credit". */
const TABLE_CLASSES: Array<{ label: string; classes: VerdictClass[] }> = [
  { label: 'Specific course', classes: ['specific-course'] },
  { label: 'General education', classes: ['general-education'] },
  { label: 'Elective', classes: ['elective'] },
  { label: 'Needs review', classes: ['not-guaranteed', 'needs-review'] },
  { label: 'No credit', classes: ['not-degree-credit', 'no-credit', 'does-not-transfer'] },
];

const levelWords = { 'two-year': 'two-year', 'four-year': 'four-year' } as const;
const describeSchool = (entry: Pick<RankedDestination, 'state' | 'control' | 'level'>) => [entry.state, entry.control, levelWords[entry.level]].filter(Boolean).join(' · ');

/** Compare on the profile, with the two schools chosen (a visitor signs in first; the report is kept there). */
export function compareHref(a: string, b: string, signedIn: boolean): string {
  const target = `/student/profile?${new URLSearchParams({ compareA: a, compareB: b }).toString()}#compare`;
  return signedIn ? target : `/student/login?redirect=${encodeURIComponent(target)}`;
}

/**
 * "Where your credits count" beside the transcript report (issue 39): every school Crosswalk can decide this transcript
 * for, ranked by the credits that transfer, each with its credits by class; filters, a chart or a table, and two
 * picked to open Compare. Schools where nothing is decided are listed apart, never as zero.
 */
export function DestinationsPanel({ transcriptId, token, signedIn }: { transcriptId: string; token: string | null; signedIn: boolean }) {
  const [filters, setFilters] = useState<DestinationFilters>(NO_FILTERS);
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [showAll, setShowAll] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  // The states to choose from: those of every destination, whatever the filters.
  const everything = useQuery(destinationsQueries.ranked(transcriptId, token, NO_FILTERS));
  const ranked = useQuery({ ...destinationsQueries.ranked(transcriptId, token, filters), placeholderData: keepPreviousData });
  const states = [...new Set([...(everything.data?.destinations ?? []), ...(everything.data?.notEnoughInformation ?? [])].flatMap((entry) => (entry.state ? [entry.state] : [])))].sort();
  const set = (change: Partial<DestinationFilters>) => {
    setFilters((before) => ({ ...before, ...change }));
    setShowAll(false);
  };
  const togglePick = (name: string) => setPicked((before) => (before.includes(name) ? before.filter((entry) => entry !== name) : [...before.slice(-1), name]));

  return (
    <section id="where-your-credits-count" aria-labelledby="destinations-heading" className="scroll-mt-24 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div>
        <h2 id="destinations-heading" className="text-xl font-bold text-slate-900">
          Where your credits count
        </h2>
        <p className="text-sm text-slate-600">
          Every school we can decide your courses for, ranked by the credits that transfer. A figure is only as good as the rules we hold for that school: each says
          how many of your courses had a rule or guarantee there, and each school decides finally.
        </p>
      </div>

      <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <legend className="sr-only">Filter the schools</legend>
        <label className="flex flex-col gap-1 text-xs font-semibold text-slate-700">
          State
          <select value={filters.state} onChange={(event) => set({ state: event.target.value })} className="rounded-md border border-slate-300 bg-white px-2 py-2 text-base font-normal">
            <option value="">Any state</option>
            {states.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-semibold text-slate-700">
          Public or private
          <select value={filters.control} onChange={(event) => set({ control: event.target.value as DestinationFilters['control'] })} className="rounded-md border border-slate-300 bg-white px-2 py-2 text-base font-normal">
            <option value="">Either</option>
            <option value="public">Public</option>
            <option value="private">Private</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-semibold text-slate-700">
          Two- or four-year
          <select value={filters.level} onChange={(event) => set({ level: event.target.value as DestinationFilters['level'] })} className="rounded-md border border-slate-300 bg-white px-2 py-2 text-base font-normal">
            <option value="">Either</option>
            <option value="four-year">Four-year</option>
            <option value="two-year">Two-year</option>
          </select>
        </label>
        {signedIn && (
          <label className="flex items-center gap-2 self-end py-2 text-sm font-medium text-slate-800">
            <input type="checkbox" checked={filters.favorites} onChange={(event) => set({ favorites: event.target.checked })} className="h-5 w-5" />
            Only my favorites
          </label>
        )}
      </fieldset>

      <div className="flex items-center justify-between gap-2">
        <div role="group" aria-label="Show as" className="inline-flex rounded-md border border-slate-300 p-0.5 text-sm font-semibold">
          {(['chart', 'table'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => setView(option)}
              className={`rounded px-3 py-1 ${view === option ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-50'}`}
            >
              {option === 'chart' ? 'Chart' : 'Table'}
            </button>
          ))}
        </div>
        <ComparePicked picked={picked} signedIn={signedIn} />
      </div>

      {ranked.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Deciding your courses at every school we know…
        </p>
      ) : ranked.isError ? (
        <Alert tone="error">{ranked.error.message}</Alert>
      ) : (
        <Ranking answer={ranked.data} view={view} showAll={showAll} onShowAll={() => setShowAll(true)} picked={picked} onPick={togglePick} />
      )}
    </section>
  );
}

function ComparePicked({ picked, signedIn }: { picked: string[]; signedIn: boolean }) {
  if (picked.length < 2) return <p className="text-xs text-slate-600">{picked.length === 0 ? 'Pick two schools to compare them.' : 'Pick one more to compare.'}</p>;
  return (
    <Link to={compareHref(picked[0]!, picked[1]!, signedIn)} className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800">
      Compare these two
    </Link>
  );
}

function Ranking({
  answer,
  view,
  showAll,
  onShowAll,
  picked,
  onPick,
}: {
  answer: DestinationsResponse;
  view: 'chart' | 'table';
  showAll: boolean;
  onShowAll: () => void;
  picked: string[];
  onPick: (name: string) => void;
}) {
  const shown = showAll || view === 'table' ? answer.destinations : answer.destinations.slice(0, FIRST_SHOWN);
  return (
    <div className="flex flex-col gap-3">
      {answer.note && <Alert tone="info">{answer.note}</Alert>}
      {answer.major && (
        <p className="text-sm text-slate-700">
          Where a school has a program like your intended major (<span className="font-semibold">{answer.major}</span>) on file, we show the credits that count toward it.
        </p>
      )}
      {answer.destinations.length === 0 && !answer.note && <p className="text-sm text-slate-700">No school matches these filters with a decision on your courses.</p>}
      {view === 'chart' ? (
        <ol className="flex flex-col gap-3" aria-label="Schools ranked by the credits that transfer">
          {shown.map((entry, index) => (
            <DestinationCard key={entry.school.id} entry={entry} rank={index + 1} picked={picked.includes(entry.school.name)} onPick={() => onPick(entry.school.name)} />
          ))}
        </ol>
      ) : (
        <DestinationTable destinations={answer.destinations} picked={picked} onPick={onPick} />
      )}
      {shown.length < answer.destinations.length && (
        <button type="button" onClick={onShowAll} className="self-start rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50">
          Show all {answer.destinations.length} schools
        </button>
      )}
      {answer.notEnoughInformation.length > 0 && (
        <details className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
          <summary className="cursor-pointer font-semibold text-slate-800">Not enough information: {answer.notEnoughInformation.length} {answer.notEnoughInformation.length === 1 ? 'school' : 'schools'}</summary>
          <p className="mt-2 text-slate-700">We hold no rule or guarantee for any of your courses at these schools yet: not zero credits, just not known. Each reviews your courses itself.</p>
          <ul className="mt-2 grid gap-1 sm:grid-cols-2" aria-label="Schools with not enough information">
            {answer.notEnoughInformation.map((entry) => (
              <li key={entry.school.id}>
                {entry.school.name} <span className="text-xs text-slate-500">{describeSchool(entry)}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function PickBox({ name, picked, onPick }: { name: string; picked: boolean; onPick: () => void }) {
  return (
    <label className="inline-flex shrink-0 items-center gap-1.5 text-sm font-medium text-slate-700">
      <input type="checkbox" checked={picked} onChange={onPick} className="h-5 w-5" aria-label={`Compare ${name}`} />
      Compare
    </label>
  );
}

function DestinationCard({ entry, rank, picked, onPick }: { entry: RankedDestination; rank: number; picked: boolean; onPick: () => void }) {
  return (
    <li className="rounded-lg border border-slate-200 p-3" aria-label={`${rank}. ${entry.school.name}`}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-bold text-slate-900">
            <span className="text-slate-500">{rank}.</span> {entry.school.name}
            {entry.favorite && <span className="ml-1.5 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">Favorite</span>}
          </p>
          <p className="text-xs text-slate-600">{describeSchool(entry)}</p>
        </div>
        <PickBox name={entry.school.name} picked={picked} onPick={onPick} />
      </div>
      <p className="mt-1 text-slate-900">
        <span className="text-2xl font-extrabold" data-testid="transfer-credits">
          {formatCredits(entry.transferCredits)}
        </span>{' '}
        <span className="text-sm">credits transfer</span>
      </p>
      <div className="mt-1.5">
        <CreditsBar byClass={entry.byClass} schoolName={entry.school.name} />
      </div>
      {entry.program && (
        <p className="mt-1.5 text-sm text-slate-800">
          <span className="font-semibold">{entry.program.name}:</span> {formatCredits(entry.program.appliedCredits)} credits count toward it
          {entry.program.remainingCredits !== null && `, about ${formatCredits(entry.program.remainingCredits)} to go`}.
        </p>
      )}
      <p className="mt-1 text-xs text-slate-600">
        {entry.decidedCourses} of {entry.courses} courses have a rule or guarantee here.
      </p>
    </li>
  );
}

function DestinationTable({ destinations, picked, onPick }: { destinations: RankedDestination[]; picked: string[]; onPick: (name: string) => void }) {
  const sum = (entry: RankedDestination, classes: VerdictClass[]) => formatCredits(classes.reduce((total, verdictClass) => total + entry.byClass[verdictClass], 0));
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Schools ranked by the credits that transfer, credits by class</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-2">
              School
            </th>
            <th scope="col" className="px-2 text-right">
              Transfer
            </th>
            {TABLE_CLASSES.map((column) => (
              <th key={column.label} scope="col" className="px-2 text-right" title={column.classes.map((verdictClass) => VERDICT_CLASS_INFO[verdictClass].meaning).join(' ')}>
                {column.label}
              </th>
            ))}
            <th scope="col" className="px-2 text-right">
              Program
            </th>
            <th scope="col" className="px-2 text-right">
              Rules
            </th>
            <th scope="col" className="pl-2">
              <span className="sr-only">Compare</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {destinations.map((entry) => (
            <tr key={entry.school.id}>
              <th scope="row" className="py-2 pr-2 font-semibold text-slate-900">
                {entry.school.name}
                <span className="block text-xs font-normal text-slate-500">{describeSchool(entry)}</span>
              </th>
              <td className="px-2 text-right font-bold">{formatCredits(entry.transferCredits)}</td>
              {TABLE_CLASSES.map((column) => (
                <td key={column.label} className="px-2 text-right">
                  {sum(entry, column.classes)}
                </td>
              ))}
              <td className="px-2 text-right">{entry.program ? formatCredits(entry.program.appliedCredits) : '—'}</td>
              <td className="px-2 text-right">
                {entry.decidedCourses}/{entry.courses}
              </td>
              <td className="pl-2">
                <input type="checkbox" checked={picked.includes(entry.school.name)} onChange={() => onPick(entry.school.name)} className="h-5 w-5" aria-label={`Compare ${entry.school.name}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The hub's "Your best matches": the top few of the most recent analysed transcript. */
export function BestMatches({ transcriptId }: { transcriptId: string }) {
  const ranked = useQuery(destinationsQueries.ranked(transcriptId, null, NO_FILTERS));
  if (ranked.isPending) return <p className="text-sm text-slate-600">Finding where your credits count…</p>;
  if (ranked.isError) return <p className="text-sm text-slate-600">{ranked.error.message}</p>;
  const best = ranked.data.destinations.slice(0, 3);
  return (
    <div className="flex flex-col gap-3">
      {ranked.data.note && <p className="text-sm text-slate-700">{ranked.data.note}</p>}
      {best.length === 0 && !ranked.data.note && <p className="text-sm text-slate-600">No school has a rule for your courses yet.</p>}
      <ol className="flex flex-col gap-3" aria-label="Your best matches">
        {best.map((entry, index) => (
          <li key={entry.school.id}>
            <p className="text-sm font-semibold text-slate-900">
              {index + 1}. {entry.school.name} <span className="font-normal text-slate-600">— {formatCredits(entry.transferCredits)} credits transfer</span>
            </p>
            <CreditsBar byClass={entry.byClass} schoolName={entry.school.name} />
          </li>
        ))}
      </ol>
      <Link to={`/search?transcript=${encodeURIComponent(transcriptId)}#where-your-credits-count`} className="text-sm font-semibold text-brand-700 hover:underline">
        See every school for {ranked.data.transcript.name}
      </Link>
    </div>
  );
}
