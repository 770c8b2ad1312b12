import type { AppealListStatus } from '@shared/schemas/admin';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { adminAppealQueries, AppealReviewForm } from '../../features/admin';
import { APPEAL_STATUS_BADGE_STYLES, APPEAL_STATUSES, appealStatusText, appealStatusTitle, type AppealStatus } from '../../features/appeals';
import { ApiError } from '../../lib/api-client';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { formatDateTime } from '../../lib/format-date';
import { useDocumentTitle } from '../../lib/use-document-title';

const FILTERS: Array<{ value: AppealListStatus; label: string }> = [
  { value: '', label: 'All appeals' },
  // Not yet resolved (submitted or in review): the hub's "Pending appeals" card opens this view.
  { value: 'pending', label: 'Pending' },
  ...APPEAL_STATUSES.map((status) => ({ value: status, label: appealStatusTitle(status) })),
];

/** How long ago an appeal came in, for a clerk keeping the 3-business-day promise: "today", "yesterday", "4 days ago". */
function submittedAgo(createdAt: string, now = Date.now()): string {
  const days = Math.floor((now - new Date(createdAt).getTime()) / 86_400_000);
  return days <= 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`;
}

function StatusBadge({ status }: { status: AppealStatus }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ${APPEAL_STATUS_BADGE_STYLES[status]}`}>{appealStatusText(status)}</span>;
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
  const appeals = useInfiniteQuery(adminAppealQueries.list({ status, q }));
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
function AppealDetail({ appealId, onNext }: { appealId: string; onNext?: () => void }) {
  const detail = useQuery(adminAppealQueries.detail(appealId));
  const appeal = detail.data?.appeal;
  if (detail.isPending) return <p role="status">Loading appeal…</p>;
  if (detail.isError || !appeal) {
    return <Alert tone="error">{detail.error instanceof ApiError && detail.error.status === 404 ? 'This appeal no longer exists.' : 'Unable to load appeals.'}</Alert>;
  }

  const history = detail.data?.history ?? [];

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
        {appeal.courseRow && (
          <div className="sm:col-span-2">
            <dt className="font-semibold text-slate-700">On the student&apos;s transcript</dt>
            <dd>
              {appeal.courseRow.credits ?? '—'} credits{appeal.courseRow.grade ? ` · Grade ${appeal.courseRow.grade}` : ''}
              {appeal.courseRow.term ? ` · ${appeal.courseRow.term}` : ''}
            </dd>
            {appeal.courseRow.correction === 'added' && <dd className="text-amber-900">Added by the student: our reader did not find this course on the transcript.</dd>}
            {appeal.courseRow.correction === 'edited' && appeal.courseRow.asRead && (
              <dd className="text-amber-900">
                Corrected by the student. Our reader read: {appeal.courseRow.asRead.subject} {appeal.courseRow.asRead.number} {appeal.courseRow.asRead.title},{' '}
                {appeal.courseRow.asRead.credits ?? '—'} credits{appeal.courseRow.asRead.grade ? `, grade ${appeal.courseRow.asRead.grade}` : ''}
                {appeal.courseRow.asRead.term ? `, ${appeal.courseRow.asRead.term}` : ''}.
              </dd>
            )}
          </div>
        )}
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
      <AppealReviewForm appeal={appeal} onNext={onNext} />
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

