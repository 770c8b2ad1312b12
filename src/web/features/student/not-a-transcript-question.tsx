import { useId } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { formatDate } from '../../lib/format-date';
import { useDeleteTranscript, useKeepUnreadableTranscript } from './student-queries';

/** What a student reads once a file is discarded (the profile says it again after the file has left its list). */
export const discardedMessage = (name: string) => `We discarded “${name}”: it is not a transcript, so it is not kept on your profile.`;

/**
 * The reader found no courses in the student's file (issue 40): it is kept only if they say it is a transcript, and
 * then the registrar reads it by hand (the evaluation queue); otherwise it is discarded, and they are told so.
 */
export function NotATranscriptQuestion({
  transcript,
  onDiscarded,
}: {
  transcript: { id: string; name: string; discardsAt: string; destination: string | null };
  onDiscarded?: (name: string) => void;
}) {
  const keep = useKeepUnreadableTranscript();
  const discard = useDeleteTranscript();
  const headingId = useId();
  const registrar = transcript.destination ? `${transcript.destination}’s registrar` : 'the registrar';
  if (keep.isSuccess) {
    return (
      <Alert tone="success" title="Kept as a transcript">
        We could not read the courses in “{transcript.name}”, so {registrar} will read it by hand. It stays on your profile with your transcripts.
      </Alert>
    );
  }
  if (discard.isSuccess) return <Alert title="Discarded">{discardedMessage(transcript.name)}</Alert>;
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
        <Button className="py-1.5" disabled={pending} onClick={() => keep.mutate(transcript.id)}>
          Yes, it is a transcript
        </Button>
        <Button
          variant="secondary"
          className="py-1.5"
          disabled={pending}
          onClick={() => discard.mutate(transcript.id, { onSuccess: () => onDiscarded?.(transcript.name) })}
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
