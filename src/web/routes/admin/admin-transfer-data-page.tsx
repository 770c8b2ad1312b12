import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert';
import { appealStatusTitle } from '../../features/appeals';
import { equivalencyOverviewQueries } from '../../features/equivalencies';
import { useDocumentTitle } from '../../lib/use-document-title';

const ORIGIN_LABELS: Record<string, string> = {
  csv: 'CSV imports',
  seed: 'Demo data',
  admin: 'Entered by staff',
  appeal: 'From appeals',
  'statewide-numbering': 'Statewide numbering',
};
const OUTCOME_LABELS: Record<string, string> = {
  DIRECT: 'Direct Transfer',
  NEEDS_EVAL: 'Needs Review',
  NO_TRANSFER: 'No Transfer',
  NOT_DECIDED: 'Not decided yet',
};
const BAR_COLORS = ['bg-brand-700', 'bg-emerald-600', 'bg-amber-500', 'bg-rose-600', 'bg-slate-500', 'bg-sky-600'];

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-3xl font-bold text-slate-900 tabular-nums">{value.toLocaleString('en-US')}</p>
    </div>
  );
}

/** Horizontal bars drawn with CSS widths: each bar is its share of the total, labelled with the count and the share. */
function Bars({ title, items, empty }: { title: string; items: Array<{ label: string; count: number }>; empty: string }) {
  const total = items.reduce((sum, item) => sum + item.count, 0);
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      {total === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {items.map((item, index) => {
            const share = item.count / total;
            const percent = `${Math.round(share * 1000) / 10}%`;
            return (
              <li key={item.label}>
                <div className="flex justify-between gap-3 text-sm">
                  <span className="text-slate-800">{item.label}</span>
                  <span className="text-slate-600 tabular-nums">
                    {item.count.toLocaleString('en-US')} · {percent}
                  </span>
                </div>
                <div className="mt-1 h-3 rounded-full bg-slate-100" role="img" aria-label={`${item.label}: ${item.count} (${percent})`}>
                  <div className={`h-3 rounded-full ${BAR_COLORS[index % BAR_COLORS.length]}`} style={{ width: `${Math.max(share * 100, 0.5)}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Transfer Data Overview: what the equivalency data holds and how transcripts and appeals have fared. */
export default function AdminTransferDataPage() {
  useDocumentTitle('Transfer Data Overview');
  const overview = useQuery(equivalencyOverviewQueries.transferData());
  const data = overview.data;
  return (
    <section className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Transfer Data Overview</h1>
        <p className="mt-1 text-sm text-slate-600">The schools, courses and equivalency rules on file, and what students' transcripts and appeals came to.</p>
      </header>
      {overview.isError && <Alert tone="error">{overview.error.message}</Alert>}
      {overview.isPending && <p role="status">Loading…</p>}
      {data && (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat label="Schools" value={data.institutions} />
            <Stat label="Courses" value={data.courses} />
            <Stat label="Equivalency rules" value={data.rules} />
            <Stat label="Transcripts analysed" value={data.transcriptsAnalysed} />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <Bars title="Rules by origin" items={data.rulesByOrigin.map((entry) => ({ label: ORIGIN_LABELS[entry.origin] ?? entry.origin, count: entry.count }))} empty="No rules yet: upload some on Course data." />
            <Bars
              title="Rules by outcome"
              items={[
                { label: 'Transfer', count: data.rulesTransferring },
                { label: 'Do not transfer', count: data.rules - data.rulesTransferring },
              ]}
              empty="No rules yet."
            />
            <Bars
              title="Transcript courses by outcome"
              items={data.transcriptRowsByOutcome.map((entry) => ({ label: OUTCOME_LABELS[entry.outcome] ?? entry.outcome, count: entry.count }))}
              empty="No transcripts analysed yet."
            />
            <Bars
              title="Appeals by status"
              items={data.appealsByStatus.map((entry) => ({ label: appealStatusTitle(entry.status), count: entry.count }))}
              empty="No appeals yet."
            />
            <Bars
              title="Appeal decisions"
              items={data.appealDecisions.map((entry) => ({ label: appealStatusTitle(entry.decision), count: entry.count }))}
              empty="No appeal has been decided yet."
            />
            <Bars title="Schools with the most incoming rules" items={data.topDestinations.map((entry) => ({ label: entry.name, count: entry.rules }))} empty="No rules yet." />
          </div>
        </>
      )}
    </section>
  );
}
