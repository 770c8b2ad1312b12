import type { AdminStats, ReferenceSetStatus } from '@shared/schemas/admin';
import { CheckCircle2, CircleDashed, Clock, Loader2, TriangleAlert } from 'lucide-react';

const STATE_TEXT: Record<ReferenceSetStatus['state'], string> = {
  loaded: 'Loaded',
  loading: 'Loading',
  waiting: 'Waiting its turn',
  'not-loaded': 'Not loaded',
  failed: 'Not loaded: failed',
};

function SetLine({ set }: { set: ReferenceSetStatus }) {
  const Icon = set.state === 'loaded' ? CheckCircle2 : set.state === 'loading' ? Loader2 : set.state === 'waiting' ? Clock : set.state === 'failed' ? TriangleAlert : CircleDashed;
  const detail = set.state === 'loaded' ? set.stored : set.state === 'loading' ? `${set.percent ?? 0}%` : set.state === 'waiting' ? 'Waiting its turn' : set.message;
  return (
    <li className="flex min-w-0 items-start gap-2 py-1.5">
      <Icon
        aria-hidden="true"
        className={`mt-0.5 size-4 shrink-0 ${set.state === 'loaded' ? 'text-green-700' : set.state === 'failed' ? 'text-red-700' : 'text-slate-500'} ${set.state === 'loading' ? 'motion-safe:animate-spin' : ''}`}
      />
      <div className="min-w-0 flex-1">
        <p className="text-sm text-slate-900">
          <span className="font-medium">{set.title}</span>
          <span className="sr-only">: {STATE_TEXT[set.state]}</span>
        </p>
        {set.state === 'loading' && (
          <div className="mt-1 h-1.5 w-full overflow-hidden rounded bg-slate-100" role="progressbar" aria-label={`${set.title} loading`} aria-valuenow={set.percent ?? 0} aria-valuemin={0} aria-valuemax={100}>
            <div className="h-full bg-brand-600" style={{ width: `${set.percent ?? 0}%` }} />
          </div>
        )}
        {detail && <p className="text-xs break-words text-slate-600">{detail}</p>}
      </div>
    </li>
  );
}

/**
 * The admin overview's reference-data panel: the catalogues, statewide inventories, transfer rules and program
 * requirements the server has loaded (the demo loads them in the background on first start; a school loads its own with `npm run data:load`).
 */
export function ReferenceDataPanel({ referenceData }: { referenceData: AdminStats['referenceData'] | undefined }) {
  if (!referenceData) return null;
  const { sets } = referenceData;
  const loaded = sets.filter((set) => set.state === 'loaded').length;
  // The sets the load under way will get to, as the server's start said ("Loading the demo's data in the background: …").
  const coming = sets.filter((set) => set.state === 'loading' || set.state === 'waiting').length;
  const summary = referenceData.loading
    ? `Loading in the background: ${loaded} of ${sets.length} sets loaded so far, ${coming} to go, one after another. Search already answers from what is in.`
    : loaded === 0
      ? 'None loaded. Load your state’s data on the server with npm run data:load -- NAME (npm run data:list shows the sets).'
      : `${loaded} of ${sets.length} sets loaded.`;
  return (
    <section aria-labelledby="reference-data-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="reference-data-heading" className="text-lg font-bold text-slate-900">
        Reference data
      </h2>
      <p className="mt-1 text-sm text-slate-700" role="status">
        {summary}
      </p>
      <ul className="mt-2 grid gap-x-6 sm:grid-cols-2">
        {sets.map((set) => (
          <SetLine key={set.name} set={set} />
        ))}
      </ul>
    </section>
  );
}
