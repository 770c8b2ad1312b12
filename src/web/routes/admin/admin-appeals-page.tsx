import type { AppealListStatus, AppealSort } from '@shared/schemas/admin';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { adminAppealQueries, type AppealActions, AppealEvidencePanel, AppealReviewForm, useMarkAppealsInReview } from '../../features/admin';
import { APPEAL_STATUS_BADGE_STYLES, APPEAL_STATUSES, appealStatusText, appealStatusTitle, type AppealStatus, isAppealOverdue } from '../../features/appeals';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The spec's four filter buttons, as written; "Pending" (not yet resolved, the hub's card) sits beside them. */
const FILTERS: Array<{ value: AppealListStatus; label: string }> = [
  { value: '', label: 'All appeals' },
  ...APPEAL_STATUSES.map((status) => ({ value: status, label: appealStatusTitle(status) })),
  { value: 'pending', label: 'Pending' },
];

const SORTS: Array<{ value: AppealSort; label: string }> = [
  { value: 'due', label: 'Due date, oldest first' },
  { value: 'newest', label: 'Newest first' },
  { value: 'school', label: 'School' },
];

/** How long ago an appeal came in, for a clerk keeping the 3-business-day promise: "today", "yesterday", "4 days ago". */
function submittedAgo(createdAt: string, now = Date.now()): string {
  const days = Math.floor((now - new Date(createdAt).getTime()) / 86_400_000);
  return days <= 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`;
}

function StatusBadge({ status }: { status: AppealStatus }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ${APPEAL_STATUS_BADGE_STYLES[status]}`}>{appealStatusText(status)}</span>;
}

/** A key pressed while typing in a field belongs to the field, not to the queue. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * The appeals workflow (spec sections 2 and 4) at a clerk's scale: filters by status and school with counts, search,
 * sort (oldest first by default, each with its due date), a list beside a detail that stays in view, keyboard moves
 * (j/k) and actions (i, r, o), and bulk "Mark in review".
 */
export default function AdminAppealsPage() {
  useDocumentTitle('Appeals');
  const [params, setParams] = useSearchParams();
  // The hub's cards open a filter with ?status=…; without one the list starts with the submitted queue.
  const [status, setStatus] = useState<AppealListStatus>(() => FILTERS.find((filter) => filter.value === params.get('status'))?.value ?? 'submitted');
  // ?q= opens the list already searched (the student directory's "+N more" link).
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const [sort, setSort] = useState<AppealSort>('due');
  const [school, setSchool] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const appeals = useInfiniteQuery(adminAppealQueries.list({ status, q, sort, school }));
  const counts = useQuery(adminAppealQueries.counts(school));
  const rows = appeals.data?.pages.flatMap((page) => page.appeals) ?? [];
  const selectedId = params.get('highlight') ?? rows[0]?.id ?? null;
  const selectedIndex = rows.findIndex((row) => row.id === selectedId);
  // Where the open appeal was last seen in the list. Once a decision moves it out of the filter (marked in review on
  // the "Submitted" list), the row that took its place is the next one: j and Next go on from there, not the top.
  const [lastPlace, setLastPlace] = useState<{ id: string; index: number } | null>(null);
  if (selectedId !== null && selectedIndex >= 0 && (lastPlace?.id !== selectedId || lastPlace.index !== selectedIndex)) setLastPlace({ id: selectedId, index: selectedIndex });
  const leftAt = selectedIndex < 0 && lastPlace?.id === selectedId ? lastPlace.index : -1;
  const nextId = selectedIndex >= 0 ? (rows[selectedIndex + 1]?.id ?? null) : leftAt >= 0 ? (rows[leftAt]?.id ?? null) : null;
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const bulk = useMarkAppealsInReview();
  const actions = useRef<AppealActions>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  // Labels point at their controls by id: a select wrapped in its label would be named by its chosen option too.
  const controlId = useId();

  const select = (id: string, { fromKeyboard = false } = {}) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('highlight', id);
        return next;
      },
      { replace: true },
    );
    if (fromKeyboard) {
      // At once, not smoothly: a clerk pressing j again and again must see each row as it opens.
      window.requestAnimationFrame(() => document.querySelector(`[data-appeal-id="${id}"]`)?.scrollIntoView({ block: 'nearest', behavior: 'instant' }));
    } else if (window.matchMedia('(max-width: 1023px)').matches) {
      // On phones the detail sits below the list: bring it into view.
      window.requestAnimationFrame(() => document.getElementById('appeal-detail')?.scrollIntoView({ block: 'start' }));
    }
  };
  const toggleChecked = (id: string) =>
    setChecked((before) => {
      const next = new Set(before);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  // The keyboard, for a clerk working down the queue: j/k move, i/r/o act on the open appeal, x ticks it, / searches.
  const keys = useRef({ rows, selectedIndex, leftAt, appeals, select, toggleChecked });
  useEffect(() => {
    keys.current = { rows, selectedIndex, leftAt, appeals, select, toggleChecked };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const { rows: list, selectedIndex: index, leftAt: left, appeals: query, select: open, toggleChecked: tick } = keys.current;
      const move = (by: number) => {
        // From an appeal that left the list, j opens the row now in its place and k the one above it.
        const from = index >= 0 ? index : left >= 0 ? (by > 0 ? left - 1 : left) : 0;
        const targetIndex = Math.max(0, Math.min(list.length - 1, from + by));
        const target = list[targetIndex];
        if (target) open(target.id, { fromKeyboard: true });
        // A held key repeats faster than the page renders: the next press moves on from here, not from the last render.
        keys.current.selectedIndex = targetIndex;
        if (by > 0 && index >= list.length - 2 && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
      };
      const action: Record<string, () => void> = {
        j: () => move(1),
        k: () => move(-1),
        i: () => actions.current?.send('in_review'),
        r: () => actions.current?.send('resolved'),
        o: () => actions.current?.send('submitted'),
        x: () => list[index] && tick(list[index].id),
        '/': () => searchBox.current?.focus(),
      };
      const run = action[event.key];
      if (!run) return;
      event.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const countOf = (value: AppealListStatus): number | null => {
    const byStatus = counts.data?.byStatus;
    if (!byStatus) return null;
    if (value === '') return byStatus.submitted + byStatus.in_review + byStatus.resolved;
    if (value === 'pending') return byStatus.submitted + byStatus.in_review;
    return byStatus[value];
  };
  const markChecked = () => bulk.mutate([...checked], { onSuccess: () => setChecked(new Set()) });

  return (
    <section className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Appeals</h1>
        <p className="mt-1 text-slate-600">Review transfer appeals, record your notes and decision, and let the student know.</p>
      </header>
      <div className="flex flex-col gap-3">
        <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-2">
          {FILTERS.map((filter) => {
            const count = countOf(filter.value);
            return (
              <button
                key={filter.label}
                type="button"
                aria-pressed={status === filter.value}
                onClick={() => setStatus(filter.value)}
                className={`rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ${status === filter.value ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'}`}
              >
                {filter.label}
                {count !== null && <span className="ml-1.5 font-normal opacity-80 tabular-nums">{count.toLocaleString('en-US')}</span>}
              </button>
            );
          })}
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            <label htmlFor={`${controlId}-search`}>Search appeals</label>
            <input
              id={`${controlId}-search`}
              ref={searchBox}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Student, course or school"
              className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal"
            />
          </div>
          <div className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            <label htmlFor={`${controlId}-school`}>School</label>
            <select id={`${controlId}-school`} value={school} onChange={(event) => setSchool(event.target.value)} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base font-normal">
              <option value="">All schools</option>
              {counts.data?.schools.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            <label htmlFor={`${controlId}-sort`}>Sort</label>
            <select id={`${controlId}-sort`} value={sort} onChange={(event) => setSort(event.target.value as AppealSort)} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base font-normal">
              {SORTS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="hidden text-xs text-slate-500 lg:block">
          Keys: <kbd>j</kbd>/<kbd>k</kbd> next and previous · <kbd>i</kbd> mark in review · <kbd>r</kbd> resolve · <kbd>o</kbd> reopen · <kbd>x</kbd> tick for
          a bulk change · <kbd>/</kbd> search
        </p>
      </div>

      {appeals.isError && <Alert tone="error">{appeals.error.message}</Alert>}
      {checked.size > 0 && (
        <div role="region" aria-label="Bulk change" className="flex flex-wrap items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-2 text-sm">
          <span className="font-semibold text-brand-900">{checked.size} ticked</span>
          <Button className="py-1.5" disabled={bulk.isPending} onClick={markChecked}>
            {bulk.isPending ? 'Saving…' : 'Mark in review'}
          </Button>
          <Button variant="secondary" className="py-1.5" onClick={() => setChecked(new Set())}>
            Clear
          </Button>
        </div>
      )}
      {bulk.isSuccess && (
        <Alert tone={bulk.data.skipped.length > 0 ? 'warning' : 'success'}>
          {bulk.data.updated.length} marked in review; each student was e-mailed.
          {bulk.data.skipped.length > 0 && ` ${bulk.data.skipped.length} left as they were: ${bulk.data.skipped.map((skip) => skip.reason).join(' ')}`}
        </Alert>
      )}
      {bulk.isError && (
        <Alert tone="error">
          There was a problem updating the appeals. Please try again.
          {bulk.error instanceof ApiError && bulk.error.status < 500 && <span className="mt-1 block">{bulk.error.message}</span>}
        </Alert>
      )}
      <div className="grid gap-5 lg:grid-cols-5 lg:items-start">
        <div className="flex flex-col gap-3 lg:col-span-2">
          {appeals.isPending ? (
            <p role="status" className="text-slate-600">
              Loading appeals…
            </p>
          ) : (
            !appeals.isError && rows.length === 0 && <p className="rounded-lg border border-dashed border-slate-300 p-4 text-slate-600">No appeals in this view.</p>
          )}
          {rows.length > 0 && (
            <ul aria-label="Appeals" className="flex flex-col gap-2">
              {rows.map((appeal) => {
                const overdue = isAppealOverdue(appeal);
                return (
                  <li key={appeal.id} data-appeal-id={appeal.id} className="flex scroll-mt-20 items-stretch gap-2">
                    <label className="flex items-start pt-3.5">
                      <input
                        type="checkbox"
                        checked={checked.has(appeal.id)}
                        onChange={() => toggleChecked(appeal.id)}
                        aria-label={`Tick ${appeal.courseName} from ${appeal.student.name}`}
                        className="size-4"
                      />
                    </label>
                    <button
                      type="button"
                      aria-current={appeal.id === selectedId ? 'true' : undefined}
                      onClick={() => select(appeal.id)}
                      className={`min-w-0 flex-1 rounded-lg border p-3 text-left ${appeal.id === selectedId ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-slate-200 bg-white hover:border-slate-300'}`}
                    >
                      <span className="flex items-start justify-between gap-2">
                        <span className="font-semibold text-slate-900">{appeal.courseName}</span>
                        <StatusBadge status={appeal.status} />
                      </span>
                      <span className="mt-0.5 block text-sm text-slate-600">
                        {appeal.student.name} · {appeal.targetSchool} · <span className="whitespace-nowrap">{submittedAgo(appeal.createdAt)}</span>
                      </span>
                      {appeal.status !== 'resolved' && (
                        <span className={`mt-0.5 block text-sm ${overdue ? 'font-semibold text-red-700' : 'text-slate-600'}`}>
                          {overdue ? 'Overdue: was due' : 'Due'} {formatDate(appeal.dueAt)}
                        </span>
                      )}
                      <span className="mt-1 line-clamp-2 text-sm text-slate-700">{appeal.notes}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {appeals.hasNextPage && (
            <Button variant="secondary" disabled={appeals.isFetchingNextPage} onClick={() => void appeals.fetchNextPage()}>
              {appeals.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          )}
        </div>
        {/* The detail stays in view beside a long list (below the sticky navigation) and scrolls on its own. */}
        <div id="appeal-detail" className="scroll-mt-20 lg:sticky lg:top-20 lg:col-span-3 lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto">
          {selectedId ? (
            <AppealDetail key={selectedId} appealId={selectedId} actionsRef={actions} onNext={nextId ? () => select(nextId) : undefined} />
          ) : (
            <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
              <p>Select an appeal to review it.</p>
              <p className="mt-2 text-sm">
                Students submit appeals from their{' '}
                <Link to="/student/appeal" className="font-semibold text-brand-700 underline">
                  appeal form
                </Link>
                .
              </p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

/** `onNext` opens the appeal after this one in the list (a clerk works down the queue). */
function AppealDetail({ appealId, onNext, actionsRef }: { appealId: string; onNext?: () => void; actionsRef: React.Ref<AppealActions> }) {
  const detail = useQuery(adminAppealQueries.detail(appealId));
  const appeal = detail.data?.appeal;
  if (detail.isPending) return <p role="status">Loading appeal…</p>;
  if (detail.isError || !appeal) {
    return (
      <Alert tone="error">
        {detail.error instanceof ApiError && detail.error.status === 404
          ? 'This appeal no longer exists. Choose another one from the list.'
          : 'Unable to load this appeal. Choose it again, or reload the page in a minute.'}
      </Alert>
    );
  }

  const history = detail.data?.history ?? [];
  const overdue = isAppealOverdue(appeal);

  return (
    <article aria-label="Appeal details" className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold text-slate-900">{appeal.courseName}</h2>
          <p className="text-sm text-slate-600">
            {appeal.courseCode} · {appeal.currentSchool || appeal.student.currentSchool || 'school not given'} → {appeal.targetSchool}
          </p>
        </div>
        <span className="flex items-center gap-2">
          <StatusBadge status={appeal.status} />
          {appeal.decision && <span className="text-sm font-semibold text-slate-700 capitalize">{appeal.decision}</span>}
        </span>
      </header>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-slate-700">Student</dt>
          <dd>
            {appeal.student.name} ·{' '}
            <a href={`mailto:${appeal.student.email}`} className="text-brand-700 hover:underline">
              {appeal.student.email}
            </a>
          </dd>
          <dd className="text-slate-600">
            {appeal.student.major || '—'} · {appeal.student.currentSchool || '—'}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-700">Submitted</dt>
          <dd>{formatDateTime(appeal.createdAt)}</dd>
          {appeal.status !== 'resolved' && (
            <dd className={overdue ? 'font-semibold text-red-700' : 'text-slate-600'}>
              {overdue ? 'Overdue: was due' : 'Due'} {formatDate(appeal.dueAt)}
            </dd>
          )}
        </div>
        {appeal.courseRow && (
          <div className="sm:col-span-2">
            <dt className="font-semibold text-slate-700">On the student&apos;s transcript when appealed</dt>
            <dd>
              {appeal.courseRow.credits ?? '—'} credits{appeal.courseRow.grade ? ` · Grade ${appeal.courseRow.grade}` : ''}
              {appeal.courseRow.term ? ` · ${appeal.courseRow.term}` : ''}
            </dd>
            {appeal.courseRow.correction && <dd className="text-amber-900">Changed by the student before appealing: see Evidence.</dd>}
          </div>
        )}
        <div className="sm:col-span-2">
          <dt className="font-semibold text-slate-700">Appeal summary</dt>
          <dd className="whitespace-pre-line text-slate-800">{appeal.notes || '—'}</dd>
        </div>
      </dl>
      <AppealEvidencePanel appeal={appeal} evidence={detail.data.evidence} />
      <AppealReviewForm appeal={appeal} onNext={onNext} actionsRef={actionsRef} />
      <section aria-labelledby="history-heading">
        <h3 id="history-heading" className="font-semibold text-slate-900">
          History
        </h3>
        <ol className="mt-2 flex flex-col gap-2 text-sm">
          {/* Appeals loaded without their first event (the demo's) still show when they came in. */}
          {!history.some((event) => event.fromStatus === null) && (
            <li className="text-slate-600">
              {formatDateTime(appeal.createdAt)} — submitted by {appeal.student.name}
            </li>
          )}
          {history.map((event) => (
            <li key={event.id} className="border-l-2 border-slate-200 pl-3">
              <p className="text-slate-800">
                {formatDateTime(event.createdAt)} —{' '}
                {event.fromStatus === null ? (
                  `submitted by ${event.actorName ?? appeal.student.name}`
                ) : (
                  <>
                    {event.actorName ?? 'An admin'} moved it from {appealStatusText(event.fromStatus)} to {appealStatusText(event.toStatus)}
                    {event.decision ? ` (${event.decision})` : ''}
                  </>
                )}
              </p>
              {event.notes && <p className="text-slate-600">Notes: {event.notes}</p>}
              {event.studentMessage && <p className="text-slate-600">Message to the student: {event.studentMessage}</p>}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
