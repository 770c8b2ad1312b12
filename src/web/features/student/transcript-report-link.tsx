import { Link } from 'react-router';
import type { StudentTranscript } from '@shared/schemas/student';

const RUNNING = new Set(['queued', 'reading', 'matching']);

/** Back to a transcript's per-course report (the search screen follows it by id), once it has been analysed or while it is. */
export function TranscriptReportLink({ transcript, className }: { transcript: StudentTranscript; className: string }) {
  if (transcript.status !== 'done' && !RUNNING.has(transcript.status)) return null;
  return (
    <Link
      to={`/search?transcript=${encodeURIComponent(transcript.id)}`}
      className={className}
      // The visible word starts the name (WCAG 2.5.3), the file says which transcript.
      aria-label={transcript.status === 'done' ? `Report for ${transcript.name}` : `Analyzing… see the progress of ${transcript.name}`}
    >
      {transcript.status === 'done' ? 'Report' : 'Analyzing…'}
    </Link>
  );
}
