import type { AdminAppeal, AdminAppealList, AppealDecision, AppealListStatus, AppealStatus } from '@shared/schemas/admin';
import { statusLabel } from '@shared/schemas/admin';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { type AppealUpdate, fetchAppealDetail, fetchAppeals, updateAppeal } from '../../features/admin/admin-api';
import { ApiError } from '../../lib/api-client';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { formatDateTime } from '../../lib/format-date';
import { useDocumentTitle } from '../../lib/use-document-title';

const FILTERS: Array<{ value: AppealListStatus; label: string }> = [
  { value: '', label: 'All appeals' },
  // Not yet resolved (submitted or in review): the hub's "Pending appeals" card opens this view.
  { value: 'pending', label: 'Pending' },
  { value: 'submitted', label: 'Submitted' },
  { value: 'in_review', label: 'In review' },
  { value: 'resolved', label: 'Resolved' },
];

const STATUS_STYLES: Record<AppealStatus, string> = {
  submitted: 'bg-amber-50 text-amber-900 ring-amber-200',
  in_review: 'bg-brand-50 text-brand-900 ring-brand-200',
  resolved: 'bg-green-50 text-green-900 ring-green-200',
};

/** How long ago an appeal came in, for a clerk keeping the 3-business-day promise: "today", "yesterday", "4 days ago". */
function submittedAgo(createdAt: string, now = Date.now()): string {
  const days = Math.floor((now - new Date(createdAt).getTime()) / 86_400_000);
  return days <= 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`;
}

function StatusBadge({ status }: { status: AppealStatus }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ${STATUS_STYLES[status]}`}>{statusLabel(status)}</span>;
}

/** The appeals workflow (spec sections 2 and 4): filters, search, a list and a detail panel where the clerk moves an appeal on. */
export default function AdminAppealsPage() {
  useDocumentTitle('Appeals');
  const [params, setParams] = useSearchParams();
  // The hub's cards open a filter with ?status=…; without one the list starts with the submitted queue.
  const [status, setStatus] = useState<AppealListStatus>(() => FILTERS.find((filter) => filter.value === params.get('status'))?.value ?? 'submitted');
  // ?q= opens the list already searched (the student directory's "+N more" link).
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const q = useDebouncedValue(search.trim(), 250);
  const appeals = useInfiniteQuery({
    queryKey: ['admin', 'appeals', status, q],
    queryFn: ({ pageParam, signal }) => fetchAppeals({ status, q, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = appeals.data?.pages.flatMap((page) => page.appeals) ?? [];
  const selectedId = params.get('highlight') ?? rows[0]?.id ?? null;
  const selectedIndex = rows.findIndex((row) => row.id === selectedId);
  const nextId = selectedIndex >= 0 ? (rows[selectedIndex + 1]?.id ?? null) : null;
  const select = (id: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('highlight', id);
        return next;
      },
      { replace: true },
    );
    // On phones the detail sits below the list: bring it into view.
    if (window.matchMedia('(max-width: 1023px)').matches) {
      window.requestAnimationFrame(() => document.getElementById('appeal-detail')?.scrollIntoView({ block: 'start' }));
    }
  };

  return (
    <section className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Appeals</h1>
        <p className="mt-1 text-slate-600">Review transfer appeals, record your notes and decision, and let the student know.</p>
      </header>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-2">
          {FILTERS.map((filter) => (
            <button
              key={filter.label}
              type="button"
              aria-pressed={status === filter.value}
              onClick={() => setStatus(filter.value)}
              className={`rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ${status === filter.value ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'}`}
            >
              {filter.label}
            </button>
          ))}
        </div>
        <label className="flex w-full flex-col gap-1 text-sm font-medium text-slate-800 lg:max-w-xs">
          Search appeals
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Student, course or school"
            className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal"
          />
        </label>
      </div>

      {appeals.isError && <Alert tone="error">{appeals.error.message}</Alert>}
      <div className="grid gap-5 lg:grid-cols-5">
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
              {rows.map((appeal) => (
                <li key={appeal.id}>
                  <button
                    type="button"
                    aria-current={appeal.id === selectedId ? 'true' : undefined}
                    onClick={() => select(appeal.id)}
                    className={`w-full rounded-lg border p-3 text-left ${appeal.id === selectedId ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-slate-200 bg-white hover:border-slate-300'}`}
                  >
                    <span className="flex items-start justify-between gap-2">
                      <span className="font-semibold text-slate-900">{appeal.courseName}</span>
                      <StatusBadge status={appeal.status} />
                    </span>
                    <span className="mt-0.5 block text-sm text-slate-600">
                      {appeal.student.name} · {appeal.targetSchool} · <span className="whitespace-nowrap">{submittedAgo(appeal.createdAt)}</span>
                    </span>
                    <span className="mt-1 line-clamp-2 text-sm text-slate-700">{appeal.notes}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {appeals.hasNextPage && (
            <Button variant="secondary" disabled={appeals.isFetchingNextPage} onClick={() => void appeals.fetchNextPage()}>
              {appeals.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          )}
        </div>
        <div id="appeal-detail" className="scroll-mt-20 lg:col-span-3">
          {selectedId ? (
            <AppealDetail key={selectedId} appealId={selectedId} onNext={nextId ? () => select(nextId) : undefined} />
          ) : (
            <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
              <p>Select an appeal to review it.</p>
              <p className="mt-2 text-sm">
                Students submit appeals from their{' '}
                <Link to="/student/appeal" className="font-semibold text-brand-700 hover:underline">
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
function AppealDetail({ appealId, onNext }: { appealId: string; onNext?: () => void }) {
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: ['admin', 'appeal', appealId], queryFn: ({ signal }) => fetchAppealDetail(appealId, signal) });
  const appeal = detail.data?.appeal;
  if (detail.isPending) return <p role="status">Loading appeal…</p>;
  if (detail.isError || !appeal) {
    return <Alert tone="error">{detail.error instanceof ApiError && detail.error.status === 404 ? 'This appeal no longer exists.' : 'Unable to load appeals.'}</Alert>;
  }

  const history = detail.data?.history ?? [];
  const onUpdated = (updated: AdminAppeal) => {
    // Replace the appeal in every cached list and in the detail, so both change in place.
    queryClient.setQueriesData<InfiniteData<AdminAppealList>>({ queryKey: ['admin', 'appeals'] }, (data) =>
      data && 'pages' in data
        ? { ...data, pages: data.pages.map((page) => ({ ...page, appeals: page.appeals.map((item) => (item.id === updated.id ? updated : item)) })) }
        : data,
    );
    void queryClient.invalidateQueries({ queryKey: ['admin', 'appeal', appealId] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'hub-queue'] });
  };

  return (
    <article aria-label="Appeal details" className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
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
          <dd className="text-slate-600">Updated {formatDateTime(appeal.updatedAt)}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-semibold text-slate-700">Appeal summary</dt>
          <dd className="whitespace-pre-line text-slate-800">{appeal.notes || '—'}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-semibold text-slate-700">Syllabus</dt>
          <dd className="flex flex-wrap gap-3">
            {appeal.syllabusFile && (
              <a href={appeal.syllabusFile.url} className="text-brand-700 hover:underline">
                Download {appeal.syllabusFile.name}
              </a>
            )}
            {appeal.syllabusLink && /^https?:\/\//i.test(appeal.syllabusLink) && (
              <a href={appeal.syllabusLink} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-brand-700 hover:underline">
                {appeal.syllabusLink}
              </a>
            )}
            {!appeal.syllabusFile && !appeal.syllabusLink && <span className="text-slate-500">None provided</span>}
          </dd>
        </div>
      </dl>
      <ReviewForm appeal={appeal} onUpdated={onUpdated} onNext={onNext} />
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
                    {event.actorName ?? 'An admin'} moved it from {statusLabel(event.fromStatus)} to {statusLabel(event.toStatus)}
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

function ReviewForm({ appeal, onUpdated, onNext }: { appeal: AdminAppeal; onUpdated: (appeal: AdminAppeal) => void; onNext?: () => void }) {
  const [adminNotes, setAdminNotes] = useState(appeal.adminNotes);
  const [studentMessage, setStudentMessage] = useState('');
  // No decision is preselected: resolving e-mails the student the decision, so the clerk must choose it.
  const [decision, setDecision] = useState<AppealDecision | null>(appeal.decision);
  const [decisionMissing, setDecisionMissing] = useState(false);
  const [createRule, setCreateRule] = useState(false);
  const [target, setTarget] = useState({ targetSubject: '', targetNumber: '', targetTitle: '', credits: '' });
  const mutation = useMutation({
    mutationFn: (body: AppealUpdate) => updateAppeal(body),
    onSuccess: ({ appeal: updated }) => {
      setStudentMessage('');
      setCreateRule(false);
      onUpdated(updated);
    },
  });

  const send = (status: AppealStatus) => {
    if (status === 'resolved' && !decision) {
      setDecisionMissing(true);
      return;
    }
    mutation.mutate({
      userId: appeal.userId,
      appealId: appeal.id,
      status,
      adminNotes,
      expectedVersion: appeal.version,
      studentMessage: studentMessage.trim() || undefined,
      ...(status === 'resolved'
        ? {
            decision,
            createRule:
              decision === 'approved' && createRule && !appeal.createdRuleId
                ? {
                    targetSubject: target.targetSubject,
                    targetNumber: target.targetNumber,
                    targetTitle: target.targetTitle || undefined,
                    credits: target.credits === '' ? null : Number(target.credits),
                  }
                : undefined,
          }
        : {}),
    });
  };

  const field = 'rounded-md border border-slate-300 px-3 py-2 text-base font-normal';
  return (
    <section aria-label="Review" className="flex flex-col gap-3 rounded-lg bg-slate-50 p-4">
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Admin notes
        <textarea value={adminNotes} onChange={(event) => setAdminNotes(event.target.value)} rows={3} className={field} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Message to the student (e-mailed with the update)
        <textarea value={studentMessage} onChange={(event) => setStudentMessage(event.target.value)} rows={2} className={field} />
      </label>
      {appeal.status !== 'resolved' && (
        <fieldset className="flex flex-col gap-2 text-sm">
          <legend className="font-medium text-slate-800">Decision when resolving</legend>
          <div className="flex gap-4">
            {(['approved', 'denied'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 capitalize">
                <input
                  type="radio"
                  name={`decision-${appeal.id}`}
                  checked={decision === value}
                  onChange={() => {
                    setDecision(value);
                    setDecisionMissing(false);
                  }}
                  aria-describedby={decisionMissing ? `decision-missing-${appeal.id}` : undefined}
                />
                {value}
              </label>
            ))}
          </div>
          {decisionMissing && (
            <p id={`decision-missing-${appeal.id}`} role="alert" className="font-medium text-red-700">
              Choose Approved or Denied before resolving: the student is told the decision.
            </p>
          )}
          {decision === 'approved' && !appeal.createdRuleId && (
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={createRule} onChange={(event) => setCreateRule(event.target.checked)} />
              Create the equivalency rule this appeal asks for
            </label>
          )}
          {decision === 'approved' && createRule && (
            <div className="grid gap-2 sm:grid-cols-4">
              <label className="flex flex-col gap-1">
                Target subject
                <input value={target.targetSubject} onChange={(event) => setTarget({ ...target, targetSubject: event.target.value })} className={field} />
              </label>
              <label className="flex flex-col gap-1">
                Target number
                <input value={target.targetNumber} onChange={(event) => setTarget({ ...target, targetNumber: event.target.value })} className={field} />
              </label>
              <label className="flex flex-col gap-1 sm:col-span-2">
                Target title
                <input value={target.targetTitle} onChange={(event) => setTarget({ ...target, targetTitle: event.target.value })} className={field} />
              </label>
              <label className="flex flex-col gap-1">
                Credits
                <input inputMode="decimal" value={target.credits} onChange={(event) => setTarget({ ...target, credits: event.target.value })} className={field} />
              </label>
            </div>
          )}
        </fieldset>
      )}
      {appeal.createdRuleId && <p className="text-sm text-green-800">Equivalency rule #{appeal.createdRuleId} was created from this appeal.</p>}
      {mutation.isSuccess && (
        <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
          <span>
            Saved: {statusLabel(mutation.data.appeal.status)}
            {mutation.data.appeal.status === 'resolved' && mutation.data.appeal.decision ? ` (${mutation.data.appeal.decision})` : ''}.
          </span>
          {onNext && (
            <Button variant="secondary" className="py-1.5" onClick={onNext}>
              Next appeal
            </Button>
          )}
        </div>
      )}
      {mutation.isError && (
        <Alert tone="error">
          There was a problem updating the appeal. Please try again.
          {mutation.error instanceof ApiError && (mutation.error.status === 409 || mutation.error.status === 400) && (
            <span className="mt-1 block">{mutation.error.message}</span>
          )}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        {appeal.status !== 'in_review' && (
          <Button disabled={mutation.isPending} onClick={() => send('in_review')}>
            Mark in review
          </Button>
        )}
        {appeal.status !== 'resolved' && (
          <Button disabled={mutation.isPending} onClick={() => send('resolved')}>
            Resolve appeal
          </Button>
        )}
        {appeal.status !== 'submitted' && (
          <Button variant="secondary" disabled={mutation.isPending} onClick={() => send('submitted')}>
            Reopen
          </Button>
        )}
      </div>
    </section>
  );
}
