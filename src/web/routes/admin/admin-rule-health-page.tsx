import { RULE_HEALTH_KINDS, RULE_HEALTH_LISTS, type RuleHealthFinding, type RuleHealthKind } from '@shared/schemas/rule-health';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ruleHealthExportUrl, ruleHealthQueries, useCheckNow, useFixFinding } from '../../features/rule-health';
import { formatDateTime } from '../../lib/format-date';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMediaQuery } from '../../lib/use-media-query';

const isKind = (value: string | null): value is RuleHealthKind => RULE_HEALTH_KINDS.includes(value as RuleHealthKind);

/**
 * Rule health (issue 38): what the nightly check found wrong with the rules, list by list, each with its count, a CSV
 * export and one-click fixes; the courses students wait on that no rule covers, each one click from the queue.
 */
export default function AdminRuleHealthPage() {
  useDocumentTitle('Rule health');
  const [params, setParams] = useSearchParams();
  const list: RuleHealthKind = isKind(params.get('list')) ? (params.get('list') as RuleHealthKind) : 'conflict';
  const summary = useQuery(ruleHealthQueries.summary());
  const check = useCheckNow();
  const [school, setSchool] = useState('');
  const filter = useDebouncedValue(school.trim(), 250);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Rule health</h1>
          <p className="mt-1 max-w-3xl text-slate-600">
            Rules that disagree, name courses a catalogue no longer lists, or say nothing about when they apply, and the courses students ask about that no
            rule covers. Checked every night; each fix is one click and is recorded in the audit log.
          </p>
          {summary.data && (
            <p className="mt-2 text-sm text-slate-600">
              {summary.data.checkedAt ? `Last checked ${formatDateTime(summary.data.checkedAt)}.` : 'Not checked yet.'}
              {summary.data.checking ? ' A check is waiting to run.' : ''}
            </p>
          )}
        </div>
        <Button variant="secondary" disabled={check.isPending} onClick={() => check.mutate()}>
          Check now
        </Button>
      </header>
      {check.isSuccess && <Alert tone="info">The check runs in the background: the counts change when it has finished.</Alert>}
      {check.isError && <Alert tone="error">The check could not be started. {check.error.message}</Alert>}
      {summary.isError && <Alert tone="error">Unable to load rule health. {summary.error.message}</Alert>}

      <div role="tablist" aria-label="Lists" className="flex flex-wrap gap-2">
        {RULE_HEALTH_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            role="tab"
            aria-selected={kind === list}
            onClick={() => setParams(kind === 'conflict' ? {} : { list: kind })}
            className={`rounded-full px-3 py-1.5 text-sm font-semibold ring-1 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none ${kind === list ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'}`}
          >
            {RULE_HEALTH_LISTS[kind].title} <span className="ml-1">{summary.data ? summary.data.counts[kind].toLocaleString() : '…'}</span>
          </button>
        ))}
      </div>
      <label className="flex max-w-md flex-col gap-1 text-sm font-medium text-slate-800">
        School
        <input
          type="search"
          value={school}
          onChange={(event) => setSchool(event.target.value)}
          placeholder="Sending or receiving school"
          className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal"
        />
      </label>
      <FindingsList key={list} kind={list} school={filter.length >= 2 ? filter : ''} count={summary.data?.counts[list]} />
    </div>
  );
}

function FindingsList({ kind, school, count }: { kind: RuleHealthKind; school: string; count: number | undefined }) {
  const findings = useInfiniteQuery(ruleHealthQueries.findings(kind, school));
  // A fixed finding leaves the list: what the fix did stays in view here.
  const [fixed, setFixed] = useState<string | null>(null);
  const wide = useMediaQuery('(min-width: 1024px)');
  const rows = findings.data?.pages.flatMap((page) => page.findings) ?? [];
  return (
    <section role="tabpanel" aria-label={RULE_HEALTH_LISTS[kind].title} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-bold text-slate-900">
            {RULE_HEALTH_LISTS[kind].title}
            {count !== undefined && <span className="ml-2 font-semibold text-slate-600">({count.toLocaleString()})</span>}
          </h2>
          <p className="text-sm text-slate-600">{RULE_HEALTH_LISTS[kind].description}</p>
        </div>
        <a href={ruleHealthExportUrl(kind, school)} download className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-slate-50">
          <Download aria-hidden="true" className="size-4" /> Export CSV
        </a>
      </div>
      {fixed && <Alert tone="success">{fixed}</Alert>}
      {findings.isPending ? (
        <p role="status" className="text-slate-600">
          Loading the list…
        </p>
      ) : findings.isError ? (
        <Alert tone="error">Unable to load the list. {findings.error.message}</Alert>
      ) : rows.length === 0 ? (
        <p className="text-slate-600">{school ? `Nothing in this list for a school named like “${school}”.` : 'Nothing in this list.'}</p>
      ) : wide ? (
        <FindingsTable findings={rows} onFixed={setFixed} />
      ) : (
        <ul className="flex flex-col gap-3">
          {rows.map((finding) => (
            <li key={finding.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <FindingCard finding={finding} onFixed={setFixed} />
            </li>
          ))}
        </ul>
      )}
      {findings.hasNextPage && (
        <div>
          <Button variant="secondary" disabled={findings.isFetchingNextPage} onClick={() => void findings.fetchNextPage()}>
            {findings.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The rule in words: its course, what it names, at which schools (each fix button's accessible name ends with it). */
const ruleLabel = (finding: RuleHealthFinding) => `${finding.source} from ${finding.fromInstitution} to ${finding.toInstitution}${finding.target ? ` as ${finding.target}` : ''}`;

type OnFixed = (what: string) => void;

function FindingsTable({ findings, onFixed }: { findings: RuleHealthFinding[]; onFixed: OnFixed }) {
  const asked = findings[0]?.kind === 'asked';
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">Course</th>
            <th scope="col" className="px-3 py-2 font-semibold">{asked ? 'Asked at' : 'Transfers to'}</th>
            {!asked && <th scope="col" className="px-3 py-2 font-semibold">Rule</th>}
            <th scope="col" className="px-3 py-2 font-semibold">{asked ? 'Students waiting' : 'Problem'}</th>
            <th scope="col" className="px-3 py-2 font-semibold">Fix</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {findings.map((finding, index) => {
            const startsGroup = finding.group !== null && findings[index - 1]?.group !== finding.group;
            return (
              <tr key={finding.id} className={startsGroup && index > 0 ? 'border-t-4 border-slate-100' : undefined}>
                <td className="px-3 py-2 align-top">
                  <p className="font-medium text-slate-900">{finding.source}</p>
                  <p className="text-slate-600">{finding.fromInstitution}</p>
                </td>
                <td className="px-3 py-2 align-top">
                  {!asked && <p className="font-medium text-slate-900">{finding.target}</p>}
                  <p className="text-slate-600">{finding.toInstitution}</p>
                </td>
                {!asked && (
                  <td className="px-3 py-2 align-top text-slate-700">
                    <p>{finding.origin === 'csv' ? 'Imported' : finding.origin === 'admin' ? 'Registrar' : finding.origin === 'appeal' ? 'Appeal' : finding.origin}</p>
                    <p className="text-slate-600">Applies {finding.terms}</p>
                  </td>
                )}
                <td className="px-3 py-2 align-top text-slate-700">{asked ? finding.students : finding.detail}</td>
                <td className="px-3 py-2 align-top">
                  <FindingFixes finding={finding} onFixed={onFixed} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function FindingCard({ finding, onFixed }: { finding: RuleHealthFinding; onFixed: OnFixed }) {
  return (
    <article aria-label={ruleLabel(finding)} className="flex flex-col gap-2 text-sm">
      <p className="font-medium text-slate-900">
        {finding.source} <span className="font-normal text-slate-600">({finding.fromInstitution})</span>
      </p>
      {finding.kind === 'asked' ? (
        <p className="text-slate-700">
          {finding.students} student{finding.students === 1 ? '' : 's'} waiting at {finding.toInstitution}
        </p>
      ) : (
        <>
          <p className="text-slate-700">
            → {finding.target} <span className="text-slate-600">({finding.toInstitution})</span>
          </p>
          <p className="text-slate-600">{finding.detail}</p>
        </>
      )}
      <FindingFixes finding={finding} onFixed={onFixed} />
    </article>
  );
}

/** A finding's one-click fixes; what one did is told to the list (the finding then leaves it). */
function FindingFixes({ finding, onFixed }: { finding: RuleHealthFinding; onFixed: OnFixed }) {
  const fix = useFixFinding();
  if (finding.kind === 'asked') {
    return (
      <Link to={`/admin/evaluation-queue?pair=${encodeURIComponent(finding.pairKey ?? '')}`} className="font-semibold text-brand-700 hover:underline">
        Decide it in the queue
      </Link>
    );
  }
  return (
    <div className="flex flex-col items-start gap-2">
      {finding.fixes.map((option) => (
        <Button
          key={option.action}
          variant={option.action === 'delete' ? 'danger' : 'secondary'}
          className="px-3 py-1.5"
          disabled={fix.isPending}
          aria-label={`${option.label}: ${ruleLabel(finding)}`}
          onClick={() =>
            fix.mutate(
              { findingId: finding.id, action: option.action },
              {
                onSuccess: (result) =>
                  onFixed(
                    `${option.label}: done for ${ruleLabel(finding)}.${result.reports > 0 ? ` ${result.reports} report${result.reports === 1 ? ' is' : 's are'} decided again.` : ''}`,
                  ),
              },
            )
          }
        >
          {option.label}
        </Button>
      ))}
      {fix.isError && <p className="text-red-800">{fix.error.message}</p>}
    </div>
  );
}
