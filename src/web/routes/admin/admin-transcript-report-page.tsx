import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { creditCount, ReportRowCourse, ReportStatusBadge, transcriptQueries } from '../../features/transcripts';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';

const NO_REPORT_YET: Record<string, string> = {
  awaiting_upload: 'The file of this transcript never arrived, so it has no report.',
  saved: 'This transcript is kept on the student’s profile but was never analysed, so it has no report.',
  queued: 'This transcript is waiting to be read. Reload the page in a moment.',
  reading: 'This transcript is being read. Reload the page in a moment.',
  matching: 'This transcript’s courses are being matched. Reload the page in a moment.',
};

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * A student's whole transcript report as the student sees it, read-only, for the clerk deciding an appeal (linked from
 * the appeal's evidence and the student directory). The server lets only two-factor admins read another student's
 * report, and records each read as a disclosure in the audit log.
 */
export default function AdminTranscriptReportPage() {
  const { transcriptId = '' } = useParams();
  const report = useQuery({ ...transcriptQueries.report(transcriptId, null), enabled: transcriptId !== '' });
  const missing = report.error instanceof ApiError && (report.error.status === 404 || report.error.status === 400);
  useDocumentTitle(missing ? 'Transcript not found' : 'Transcript report');

  if (report.isPending) {
    return (
      <p role="status" className="text-slate-600">
        Loading the report…
      </p>
    );
  }
  if (report.isError) {
    return (
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{missing ? 'Transcript not found' : 'Transcript report'}</h1>
        <Alert tone="error">
          {missing ? 'No transcript with this address: the student may have deleted it.' : `Unable to load the report. ${report.error.message} Reload the page to try again.`}
        </Alert>
        <Link to="/admin/students" className="text-sm font-semibold text-brand-700 hover:underline">
          Back to students
        </Link>
      </div>
    );
  }

  const data = report.data;
  const destination = data.destination?.name ?? 'the destination';
  return (
    <div className="flex flex-col gap-5">
      <header>
        <Link to="/admin/students" className="text-sm font-semibold text-brand-700 hover:underline">
          ← Students
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">Transcript report</h1>
        <p className="mt-1 text-slate-600">
          {data.fileName} · from {data.institutionName ?? 'a school the reader could not identify'} to {destination}
        </p>
        <p className="mt-1 text-sm text-slate-600">The student’s report as they see it; this view is recorded in the audit log.</p>
      </header>

      {data.status === 'failed' ? (
        <Alert tone="error">The analysis failed: {data.error ?? 'no reason was recorded'}.</Alert>
      ) : data.status !== 'done' ? (
        <p className="text-slate-700">{NO_REPORT_YET[data.status] ?? 'This transcript has no report yet.'}</p>
      ) : (
        <>
          {data.summary && (
            <p className="text-sm text-slate-800" aria-label="Summary">
              {plural(data.summary.courses, 'course')} · {plural(data.summary.directTransfers, 'direct transfer')} · {creditCount(data.summary.creditsTransferring)} of{' '}
              {creditCount(data.summary.totalCredits)} transfer
            </p>
          )}
          {data.rows.length === 0 ? (
            <p className="text-slate-700">The reader found no courses on this transcript.</p>
          ) : (
            <ul className="flex flex-col gap-2" aria-label="Courses on the transcript">
              {data.rows.map((item) => (
                <li key={item.id} className="rounded-lg border border-slate-200 bg-white p-3">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <ReportRowCourse item={item} detail={item.correction === 'added' ? 'added by the student' : item.correction === 'edited' ? 'corrected by the student' : null} />
                    </div>
                    <ReportStatusBadge item={item} />
                  </div>
                  <p className="mt-1 text-sm text-slate-800">
                    <span className="font-semibold">{item.status === 'NEEDS_EVAL' && item.transfersTo ? 'Expected to become: ' : 'Becomes: '}</span>
                    {item.transfersTo ?? (item.status === 'NEEDS_EVAL' ? 'undecided: waits for review' : `no credit at ${destination}`)}
                  </p>
                  {item.reason && <p className="text-sm text-slate-600">{item.reason}</p>}
                  {item.status === 'NEEDS_EVAL' && item.crossListed && (
                    <p className="text-sm text-slate-700">
                      Cross-listed as {item.crossListed.courseNumber}, which a rule on file transfers as {item.crossListed.transfersTo}.
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
