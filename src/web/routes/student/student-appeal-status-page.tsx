import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { APPEAL_STATUSES, appealStatusText } from '../../features/appeals';
import { SignInPanel, useAccount } from '../../features/auth';
import { studentQueries } from '../../features/student';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /student/appeals/:id: where an appeal stands, with the messages the school wrote for the student. */
export default function StudentAppealStatusPage() {
  useDocumentTitle('Appeal status');
  const { id } = useParams();
  const { data: account, isPending } = useAccount();
  const appeal = useQuery({ ...studentQueries.appeal(id ?? ''), enabled: Boolean(account && id) });
  if (isPending) return <p role="status" className="px-4 py-24 text-center text-slate-600">Loading…</p>;
  if (!account) return <SignInPanel title="Sign in to see your appeal" returnTo={`/student/appeals/${id ?? ''}`} />;
  if (appeal.isPending) return <p role="status" className="px-4 py-24 text-center text-slate-600">Loading your appeal…</p>;
  if (appeal.isError) {
    const missing = appeal.error instanceof ApiError && (appeal.error.status === 404 || appeal.error.status === 400);
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <Alert tone="error" title={missing ? 'We could not find this appeal.' : 'Unable to load this appeal.'}>
          <Link to="/student" className="font-semibold underline">
            Back to your hub
          </Link>
        </Alert>
      </div>
    );
  }
  const data = appeal.data;
  const reached = APPEAL_STATUSES.indexOf(data.status);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10">
      <div>
        <Link to="/student#appeals" className="text-sm font-semibold text-brand-700 hover:underline">
          ← Credit appeal center
        </Link>
        <h1 className="mt-2 text-2xl font-extrabold text-slate-900 sm:text-3xl">{data.courseName}</h1>
        <p className="text-slate-600">
          {data.courseCode} · {data.currentSchool || 'Your school'} → {data.targetSchool}
        </p>
      </div>

      <section aria-labelledby="status-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="status-heading" className="text-lg font-bold text-slate-900">
          Status: <span className="capitalize">{appealStatusText(data.status)}</span>
          {data.decision && <span className="ml-2 text-base font-semibold text-slate-700 capitalize">({data.decision})</span>}
        </h2>
        <ol className="mt-4 grid grid-cols-3 gap-2 text-center text-xs font-semibold sm:text-sm">
          {APPEAL_STATUSES.map((step, index) => (
            <li key={step} className={`rounded-md px-2 py-2 capitalize ${index <= reached ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-600'}`}>
              {appealStatusText(step)}
            </li>
          ))}
        </ol>
        {data.studentMessage && (
          <div className="mt-4">
            <Alert tone="info" title="Message from the school">
              <p className="whitespace-pre-line">{data.studentMessage}</p>
            </Alert>
          </div>
        )}
      </section>

      <section aria-labelledby="timeline-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="timeline-heading" className="text-lg font-bold text-slate-900">
          Timeline
        </h2>
        <ol className="mt-4 flex flex-col gap-4 border-l-2 border-brand-100 pl-4">
          {data.timeline.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <p className="text-sm font-semibold text-slate-900 capitalize">
                {event.from ? `${appealStatusText(event.from)} → ${appealStatusText(event.to)}` : appealStatusText(event.to)}
                {event.decision && <span className="text-slate-600"> ({event.decision})</span>}
              </p>
              <p className="text-xs text-slate-500">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              </p>
              {event.studentMessage && <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{event.studentMessage}</p>}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="details-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="details-heading" className="text-lg font-bold text-slate-900">
          What you sent
        </h2>
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-semibold text-slate-700">Submitted</dt>
          <dd>{formatDate(data.createdAt)}</dd>
          <dt className="font-semibold text-slate-700">Summary</dt>
          <dd className="whitespace-pre-line">{data.notes}</dd>
          {data.syllabusLink && (
            <>
              <dt className="font-semibold text-slate-700">Syllabus link</dt>
              <dd className="break-all">
                <a href={data.syllabusLink} rel="noopener noreferrer nofollow" target="_blank" className="text-brand-700 underline">
                  {data.syllabusLink}
                </a>
              </dd>
            </>
          )}
          {data.syllabusFile && (
            <>
              <dt className="font-semibold text-slate-700">Syllabus file</dt>
              <dd>{data.syllabusFile.name}</dd>
            </>
          )}
        </dl>
      </section>
    </div>
  );
}
