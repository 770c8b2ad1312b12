import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { formatDate } from '../../lib/format-date';
import { evaluationQueueQueries, useMarkUnreadableRead } from './evaluation-queue-queries';

/**
 * Files students say are transcripts though the reader found no courses in them (issue 40): the registrar opens each
 * (a read recorded as a disclosure), evaluates it by hand, and marks it read. Shown only when there are some.
 */
export function UnreadableTranscripts() {
  const list = useQuery(evaluationQueueQueries.unreadable());
  const markRead = useMarkUnreadableRead();
  if (list.isError) return <Alert tone="error">Unable to load the transcripts we could not read. {list.error.message}</Alert>;
  if (!list.data || list.data.total === 0) return null;
  return (
    <section aria-labelledby="unreadable-heading" className="rounded-xl border border-amber-200 bg-amber-50 p-4 sm:p-5">
      <h2 id="unreadable-heading" className="text-lg font-bold text-slate-900">
        Transcripts we could not read ({list.data.total})
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        The reader found no courses in these files, and each student says it is a transcript. Open it, evaluate it by hand, then mark it read.
      </p>
      <ul className="mt-3 divide-y divide-amber-200">
        {list.data.transcripts.map((transcript) => (
          <li key={transcript.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-semibold break-words text-slate-900">{transcript.fileName}</p>
              <p className="text-sm break-words text-slate-700">
                {transcript.student.name} ({transcript.student.email}) · for {transcript.destination?.name ?? 'no school chosen'} · kept {formatDate(transcript.keptAt)}
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <a href={transcript.fileUrl} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-slate-50">
                Open file<span className="sr-only"> {transcript.fileName}</span>
              </a>
              <Button variant="secondary" className="py-1.5" disabled={markRead.isPending} onClick={() => markRead.mutate(transcript.id)}>
                Mark read<span className="sr-only"> {transcript.fileName}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {markRead.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {markRead.error.message}
        </p>
      )}
    </section>
  );
}
