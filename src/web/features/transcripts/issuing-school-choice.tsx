import { useState, type FormEvent } from 'react';
import type { SchoolSuggestion } from '@shared/schemas/equivalencies';
import { ApiError, isServerWords } from '../../lib/api-client';
import { SchoolCombobox } from '../schools';

/**
 * When the page did not say which school issued the transcript (or said a name we cannot tell apart), the student says
 * it: the school picker, started with the name we read, and the report is decided again from that school.
 */
export function IssuingSchoolChoice({ printedName, onChoose }: { printedName: string | null; onChoose: (institution: string) => Promise<void> }) {
  const [text, setText] = useState(printedName ?? '');
  const [chosen, setChosen] = useState<SchoolSuggestion | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setError('Choose the school from the list.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onChoose(chosen.key);
    } catch (failure) {
      setError(failure instanceof ApiError && isServerWords(failure.message) ? failure.message : 'We could not save the school. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Which school issued this transcript" className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <SchoolCombobox
          label="Which school issued this transcript?"
          hint="Type any name it goes by; we decide every course again from that school."
          value={text}
          onValueChange={(next) => {
            setText(next);
            setChosen(null);
          }}
          onPick={(school) => {
            setText(school.name);
            setChosen(school);
            setError(null);
          }}
          error={error ?? undefined}
        />
      </div>
      <button type="submit" disabled={busy} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
        {busy ? 'Deciding again…' : 'Use this school'}
      </button>
    </form>
  );
}
