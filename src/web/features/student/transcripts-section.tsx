import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { StudentTranscript } from '@shared/schemas/student';
import { Button } from '../../components/ui/button';
import { formatDateTime } from '../../lib/format-date';
import { formatKb } from './student-api';
import { useAnalyzeTranscript, useDeleteTranscript, useUploadTranscript } from './student-queries';
import { answeredMessage, NotATranscriptQuestion } from './not-a-transcript-question';
import { TranscriptReportLink } from './transcript-report-link';
import { SchoolNameField } from '../schools';
import { favoriteChoice } from './favorite-choice';

const ACCEPT = '.pdf,.png,.jpg,.jpeg,.heic,application/pdf,image/png,image/jpeg,image/heic';

/**
 * When and where a transcript went, so two uploads of one file tell apart: "uploaded on the search screen Nov 27, 2026,
 * 8:17 AM, for Florida State University".
 */
export function uploadedWords(transcript: Pick<StudentTranscript, 'uploadedAt' | 'uploadedFrom' | 'destination'>): string {
  const where = transcript.uploadedFrom === 'search' ? ' on the search screen' : '';
  return `uploaded${where} ${formatDateTime(transcript.uploadedAt)}${transcript.destination ? `, for ${transcript.destination}` : ''}`;
}

/** The profile's Transcripts section (#transcripts): upload, view/download, delete, and hand off to the analysis. */
export function TranscriptsSection({ transcripts, favorites }: { transcripts: StudentTranscript[]; favorites: string[] }) {
  const upload = useUploadTranscript();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  // Said here, since the file then leaves the list (discarded) or moves into it (kept).
  const [answered, setAnswered] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          Upload a transcript
        </label>
        <input
          id={inputId}
          ref={inputRef}
          type="file"
          accept={ACCEPT}
          disabled={upload.isPending}
          className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-800"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            upload.mutate(file, {
              onSettled: () => {
                if (inputRef.current) inputRef.current.value = '';
              },
            });
          }}
        />
        <p className="text-xs text-slate-600">PDF, PNG, JPG or HEIC, up to 20 MB.</p>
        {upload.isPending && (
          <p role="status" className="text-sm text-slate-600">
            Uploading…
          </p>
        )}
        {upload.isError && (
          <p role="alert" className="text-sm text-red-700">
            {upload.error.message}
          </p>
        )}
      </div>
      {answered && (
        <p role="status" className="rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-900">
          {answered}
        </p>
      )}
      {transcripts.length === 0 ? (
        <p className="text-sm text-slate-600">No transcripts yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Your transcripts">
          {transcripts.map((transcript) =>
            transcript.noCourses?.state === 'asked' ? (
              <li key={transcript.id} className="p-3" data-testid="transcript-question">
                <NotATranscriptQuestion
                  transcript={{ id: transcript.id, name: transcript.name, discardsAt: transcript.noCourses.discardsAt, destination: transcript.destination }}
                  onAnswered={(answer, file) => setAnswered(answeredMessage(answer, file.name, file.destination))}
                />
              </li>
            ) : (
              <TranscriptItem key={transcript.id} transcript={transcript} favorites={favorites} />
            ),
          )}
        </ul>
      )}
    </div>
  );
}

function TranscriptItem({ transcript, favorites }: { transcript: StudentTranscript; favorites: string[] }) {
  const remove = useDeleteTranscript();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [target, setTarget] = useState(favorites[0] ?? '');
  const analysis = useAnalyzeTranscript();

  // The report follows on the search screen, which waits for it.
  const analyze = () => {
    if (!target.trim()) return;
    analysis.mutate(
      { id: transcript.id, toInstitution: target.trim() },
      // `analysing`: the search screen waits for a new report (not one it may have shown before).
      { onSuccess: () => navigate(`/search?transcript=${encodeURIComponent(transcript.id)}`, { state: { analysing: true } }) },
    );
  };

  return (
    <li className="flex flex-col gap-3 p-3" data-testid="transcript-item">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{transcript.name}</p>
          <p className="text-xs text-slate-600">
            {formatKb(transcript.size)} · {uploadedWords(transcript)}
          </p>
          {transcript.noCourses?.state === 'kept' && (
            <p className="text-xs text-amber-900">We could not read its courses: the registrar reads it by hand.</p>
          )}
        </div>
        {/* Wraps on a narrow phone rather than pushing Delete out of the card. */}
        <div className="flex max-w-full flex-wrap items-center gap-1">
          <TranscriptReportLink transcript={transcript} className="rounded-md px-2 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50" />
          {transcript.url && (
            <a href={transcript.url} className="rounded-md px-2 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50">
              View/Download
            </a>
          )}
          {confirming ? (
            <>
              <Button variant="danger" className="py-1.5" disabled={remove.isPending} onClick={() => remove.mutate(transcript.id)}>
                Yes, delete
              </Button>
              <Button variant="secondary" className="py-1.5" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </>
          ) : (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              aria-label={`Delete ${transcript.name}`}
              className="rounded-md px-2 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50"
            >
              Delete
            </button>
          )}
        </div>
      </div>
      {remove.isError && <p role="alert" className="text-sm text-red-700">Unable to delete this transcript. Please try again.</p>}
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-center"
        onSubmit={(event) => {
          event.preventDefault();
          analyze();
        }}
      >
        <div className="min-w-0 flex-1">
          <SchoolNameField
            label={`Target school for ${transcript.name}`}
            hideLabel
            value={target}
            onChange={setTarget}
            firstChoices={favorites.map(favoriteChoice)}
            placeholder="Target school"
          />
        </div>
        <Button type="submit" variant="secondary" className="py-1.5" disabled={!target.trim() || analysis.isPending}>
          {analysis.isPending ? 'Analyzing...' : 'Analyze for…'}
        </Button>
      </form>
      {analysis.isError && (
        <p role="alert" className="text-sm text-amber-800">
          {analysis.error.message || 'Analysis failed'}
        </p>
      )}
    </li>
  );
}
