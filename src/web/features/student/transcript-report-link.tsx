import { Link } from 'react-router';
import type { StudentTranscript } from '@shared/schemas/student';

const RUNNING = new Set(['queued', 'reading', 'matching']);

/** Back to a transcript's per-course report (the search screen follows it by id), once it has been analysed or while it is. */
export function TranscriptReportLink({ transcript, className }: { transcript: StudentTranscript; className: string }) {
  if (transcript.status !== 'done' && !RUNNING.has(transcript.status)) return null;
  return (
    <Link to={`/search?transcript=${encodeURIComponent(transcript.id)}`} className={className} aria-label={`${transcript.status === 'done' ? 'Report' : 'Progress'} for ${transcript.name}`}>
      {transcript.status === 'done' ? 'Report' : 'Analyzing…'}
    </Link>
  );
}
