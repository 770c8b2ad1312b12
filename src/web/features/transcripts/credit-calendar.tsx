import { useState } from 'react';
import type { TranscriptCalendarDto } from '@shared/schemas/transcripts';
import { Alert } from '../../components/ui/alert';

type Calendar = 'quarter' | 'semester';

const plural = (calendar: Calendar) => (calendar === 'quarter' ? 'quarters' : 'semesters');

/** Why we believe the transcript counts quarter or semester credits, in the student's words. */
function sourceText(calendar: TranscriptCalendarDto, schoolName: string | null): string {
  if (calendar.source === 'page') return calendar.evidence ? `your transcript says “${calendar.evidence}”` : 'read from your transcript';
  if (calendar.source === 'school') return `${schoolName ?? 'your school'} is on ${plural(calendar.value!)}`;
  return 'you told us';
}

function Choices({ busy, onAnswer, current }: { busy: boolean; current: Calendar | null; onAnswer: (calendar: Calendar) => void }) {
  return (
    <div role="group" aria-label="Credits on this transcript" className="mt-2 flex flex-wrap gap-2">
      {(['quarter', 'semester'] as const).map((choice) => (
        <button
          key={choice}
          type="button"
          disabled={busy}
          aria-pressed={current === choice}
          onClick={() => onAnswer(choice)}
          className="rounded-md border border-brand-700 bg-white px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60 aria-pressed:bg-brand-700 aria-pressed:text-white"
        >
          {choice === 'quarter' ? 'Quarter credits' : 'Semester credits'}
        </button>
      ))}
    </div>
  );
}

/**
 * Quarter or semester credits on the report (issue 36): what the transcript counts in and how we know, with a way to
 * correct it; or, when neither the page nor a school we know says, one question, and nothing converted until it is
 * answered. `onAnswer` is absent for a report that cannot be changed (a sample).
 */
export function CreditCalendarNotice({
  calendar,
  schoolName,
  destinationName,
  onAnswer,
}: {
  calendar: TranscriptCalendarDto;
  schoolName: string | null;
  destinationName: string;
  onAnswer?: (calendar: Calendar) => Promise<void>;
}) {
  const [changing, setChanging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const answer = async (choice: Calendar) => {
    if (!onAnswer) return;
    setBusy(true);
    setFailed(false);
    try {
      await onAnswer(choice);
      setChanging(false);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const destination = calendar.destination ? `${destinationName} counts ${calendar.destination} credits, and a quarter credit is worth two-thirds of a semester credit.` : '';
  const error = failed && <p className="mt-2 text-sm text-red-800">We could not save your answer. Please try again.</p>;

  if (calendar.askStudent || calendar.value === null) {
    return (
      <Alert tone="warning" title="One question before we count your credits">
        <p>
          Are the credits on this transcript quarter credits or semester credits? {destination} We could not tell from the transcript
          {schoolName ? `, and we don't know ${schoolName}'s calendar` : ''}.
        </p>
        {onAnswer && <Choices busy={busy} current={null} onAnswer={(choice) => void answer(choice)} />}
        <p className="mt-2">Until you answer, credits are shown as printed, not converted.</p>
        {error}
      </Alert>
    );
  }
  return (
    <div className="text-sm text-slate-700">
      <p>
        Credits on this transcript: <span className="font-semibold">{calendar.value} credits</span> ({sourceText(calendar, schoolName)}).{' '}
        {onAnswer && !changing && (
          <button type="button" onClick={() => setChanging(true)} className="font-semibold text-brand-800 underline">
            Not right?
          </button>
        )}
      </p>
      {changing && onAnswer && <Choices busy={busy} current={calendar.value} onAnswer={(choice) => void answer(choice)} />}
      {error}
    </div>
  );
}
