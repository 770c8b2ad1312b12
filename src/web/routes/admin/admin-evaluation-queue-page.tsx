import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import type { EvaluationDecisionResult, QueuePair } from '@shared/schemas/evaluation-queue';
import { DecisionNotice, evaluationQueueQueries, PairDecisionForm, UnreadableTranscripts } from '../../features/evaluation-queue';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * The registrar's evaluation queue (issue 25): every course no rule decides, as a pair (the sending school's course,
 * the destination), most needed first: an open appeal, then how many students, then the oldest report.
 */
export default function AdminEvaluationQueuePage() {
  useDocumentTitle('Evaluation queue');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  // ?pair=… shows that one course (Rule health links to it); the whole queue is one click away.
  const onePair = params.get('pair');
  const queue = useQuery(evaluationQueueQueries.page(page, onePair));
  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });
  // A decided pair leaves the list; what was decided stays in view here, newest first, with its Undo while it lasts.
  const [decided, setDecided] = useState<Array<{ pair: QueuePair; result: EvaluationDecisionResult }>>([]);

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Evaluation queue</h1>
        <p className="mt-1 text-slate-600">
          Courses no rule decides yet, most needed first. One decision answers every student waiting on the course: their reports and open appeals are updated
          and each is e-mailed.
        </p>
        {queue.data?.rankedAt && (
          <p className="mt-2 text-sm text-slate-600">
            Order as of {formatDateTime(queue.data.rankedAt)} (re-ranked after each analysis and decision); the counts are current.
          </p>
        )}
        {queue.data && queue.data.accepted.decided > 0 && (
          <p className="mt-2 text-sm text-slate-700">
            Suggestions accepted as offered: {queue.data.accepted.acceptedAsOffered} of {queue.data.accepted.decided} decisions.
          </p>
        )}
      </header>

      <UnreadableTranscripts />

      {decided.length > 0 && (
        <div role="status" aria-label="Decisions" className="rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
          <ul className="flex flex-col gap-2">
            {decided.map(({ pair, result }) => (
              <li key={result.decisionId}>
                <DecisionNotice pair={pair} result={result} />
              </li>
            ))}
          </ul>
        </div>
      )}

      {onePair && (
        <p className="text-sm text-slate-700">
          Showing one course.{' '}
          <Link to="/admin/evaluation-queue" className="font-semibold text-brand-700 hover:underline">
            Show the whole queue
          </Link>
        </p>
      )}

      {queue.isPending ? (
        <p role="status" className="text-slate-600">
          Loading the queue…
        </p>
      ) : queue.isError ? (
        <Alert tone="error">Unable to load the evaluation queue. {queue.error.message} Reload the page to try again.</Alert>
      ) : queue.data.pairs.length === 0 && onePair ? (
        <p className="text-slate-600">Nothing waits on this course any more: it has been decided, or no student waits on it now.</p>
      ) : queue.data.pairs.length === 0 && (queue.data.hasMore || page > 1) ? (
        // Pages keep their places until the next ranking: one whose pairs were all just decided is empty for a moment.
        <p className="text-slate-600">Every course on this page is decided. More courses wait on the other pages.</p>
      ) : queue.data.pairs.length === 0 ? (
        <p className="text-slate-600">Every course on the students' reports is decided. Nothing waits for review.</p>
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Courses waiting for a decision">
          {queue.data.pairs.map((pair) => (
            <li key={pair.key} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
              <article aria-label={`${pair.course.subject} ${pair.course.number} from ${pair.fromInstitution.name}`} className="flex flex-col gap-4">
                <header className="flex flex-col gap-1">
                  <h2 className="text-lg font-bold text-slate-900">
                    {pair.course.subject} {pair.course.number} <span className="font-medium text-slate-700">{pair.course.title}</span>
                  </h2>
                  <p className="text-sm text-slate-700">
                    {pair.fromInstitution.name} → {pair.toInstitution.name}
                  </p>
                  <p className="flex flex-wrap gap-2 text-sm">
                    <span className="rounded-full bg-brand-50 px-2 py-0.5 font-semibold text-brand-900">
                      {pair.students} student{pair.students === 1 ? '' : 's'} waiting
                    </span>
                    {pair.openAppeals > 0 && (
                      <span className="rounded-full bg-red-50 px-2 py-0.5 font-semibold text-red-800">
                        {pair.openAppeals} open appeal{pair.openAppeals === 1 ? '' : 's'}
                      </span>
                    )}
                    {pair.dismissed && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">Left for later</span>}
                    <span className="text-slate-600">since {formatDate(pair.oldestAt)}</span>
                  </p>
                </header>
                <PairDecisionForm pair={pair} onDecided={(result) => setDecided((current) => [{ pair, result }, ...current].slice(0, 5))} />
              </article>
            </li>
          ))}
        </ol>
      )}

      {queue.data && !onePair && (page > 1 || queue.data.hasMore) && (
        <nav aria-label="Queue pages" className="flex items-center justify-between gap-2">
          <Button variant="secondary" disabled={page === 1} onClick={() => goTo(page - 1)}>
            Previous page
          </Button>
          <span className="text-sm text-slate-600">Page {page}</span>
          <Button variant="secondary" disabled={!queue.data.hasMore} onClick={() => goTo(page + 1)}>
            Next page
          </Button>
        </nav>
      )}
    </div>
  );
}
