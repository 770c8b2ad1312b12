import { useQuery } from '@tanstack/react-query';
import { RULE_HEALTH_KINDS, RULE_HEALTH_LISTS } from '@shared/schemas/rule-health';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format-date';
import { ruleHealthQueries } from './rule-health-queries';

/** The Admin Hub's view of rule health: each list's total, each a link to its list. */
export function RuleHealthTotals() {
  const summary = useQuery(ruleHealthQueries.summary());
  return (
    <section aria-labelledby="rule-health-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="rule-health-heading" className="text-lg font-bold text-slate-900">
          Rule health
        </h2>
        <Link to="/admin/rule-health" className="text-sm font-semibold text-brand-700 hover:underline">
          Open rule health
        </Link>
      </div>
      {summary.isPending ? (
        <p role="status" className="mt-3 text-slate-600">
          Loading rule health…
        </p>
      ) : summary.isError ? (
        <p className="mt-3 text-slate-600">Unable to load rule health. Reload the page to try again.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {summary.data.checkedAt ? `Checked ${formatDateTime(summary.data.checkedAt)}; checked again every night.` : 'Not checked yet: the first check runs within the hour.'}
          </p>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {RULE_HEALTH_KINDS.map((kind) => (
              <li key={kind}>
                <Link
                  to={`/admin/rule-health?list=${kind}`}
                  className="flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium text-brand-800 ring-1 ring-slate-200 hover:bg-slate-50"
                >
                  <span>{RULE_HEALTH_LISTS[kind].title}</span>
                  <span className="flex items-center gap-1 font-bold text-slate-900">
                    {summary.data.counts[kind].toLocaleString()} <ArrowRight aria-hidden="true" className="size-4 text-brand-700" />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
