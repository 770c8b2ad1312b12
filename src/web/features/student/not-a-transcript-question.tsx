import { useId } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { formatDate } from '../../lib/format-date';
import { useDeleteTranscript, useKeepUnreadableTranscript } from './student-queries';

/** What a student reads once they have answered (the profile says it again after the file has left its list or moved). */
export const answeredMessage = (answer: 'kept' | 'discarded', name: string, destination: string | null) =>
  answer === 'discarded'
    ? `We discarded “${name}”: it is not a transcript, so it is not kept on your profile.`
    : `We could not read the courses in “${name}”, so ${registrarOf(destination)} will read it by hand. It stays on your profile with your transcripts.`;

const registrarOf = (destination: string | null) => (destination ? `${destination}’s registrar` : 'the registrar');

/**
 * The reader found no courses in the student's file (issue 40): it is kept only if they say it is a transcript, and
 * then the registrar reads it by hand (the evaluation queue); otherwise it is discarded, and they are told so.
 */
export function NotATranscriptQuestion({
  transcript,
  onAnswered,
}: {
  transcript: { id: string; name: string; discardsAt: string; destination: string | null };
  /** Told the answer once the server has it (the profile's list then changes under this question). */
  onAnswered?: (answer: 'kept' | 'discarded', transcript: { name: string; destination: string | null }) => void;
}) {
  const keep = useKeepUnreadableTranscript();
  const discard = useDeleteTranscript();
  const headingId = useId();
  const registrar = registrarOf(transcript.destination);
  if (keep.isSuccess) {
    return (
      <Alert tone="success" title="Kept as a transcript">
        {answeredMessage('kept', transcript.name, transcript.destination)}
      </Alert>
    );
  }
  if (discard.isSuccess) return <Alert title="Discarded">{answeredMessage('discarded', transcript.name, transcript.destination)}</Alert>;
  const pending = keep.isPending || discard.isPending;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <h3 id={headingId} className="font-semibold">
        We could not find courses in “{transcript.name}”. Is it a transcript?
      </h3>
      <p>
        If it is, we keep it and {registrar} reads it by hand. If it is not, we discard it. Unless you say it is a transcript, it is discarded on{' '}
        {formatDate(transcript.discardsAt)}.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button className="py-1.5" disabled={pending} onClick={() => keep.mutate(transcript.id, { onSuccess: () => onAnswered?.('kept', transcript) })}>
          Yes, it is a transcript
        </Button>
        <Button
          variant="secondary"
          className="py-1.5"
          disabled={pending}
          onClick={() => discard.mutate(transcript.id, { onSuccess: () => onAnswered?.('discarded', transcript) })}
        >
          No, discard it
        </Button>
      </div>
      {(keep.isError || discard.isError) && (
        <p role="alert" className="text-red-700">
          {(keep.error ?? discard.error)?.message || 'That did not work. Please try again.'}
        </p>
      )}
    </section>
  );
}
