import { useId, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { addTranscriptRowSchema, type ReadRowDto, type RowAsRead, type TranscriptCourseFields } from '@shared/schemas/transcripts';
import { Alert } from '../../components/ui/alert';
import { formatCredits } from './format-credits';
import type { ReadingChange } from './use-transcript-analysis';

const credits = (value: number | null) => (value === null ? '–' : formatCredits(value));
const code = (row: { subject: string; number: string }) => `${row.subject} ${row.number}`;

type FieldName = keyof TranscriptCourseFields;
type Draft = Record<FieldName, string>;

const FIELDS: Array<{ name: FieldName; label: string; inputMode?: 'decimal'; wide?: boolean }> = [
  { name: 'subject', label: 'Subject' },
  { name: 'number', label: 'Number' },
  { name: 'title', label: 'Title', wide: true },
  { name: 'credits', label: 'Credits', inputMode: 'decimal' },
  { name: 'grade', label: 'Grade' },
  { name: 'term', label: 'Term', wide: true },
];

const EMPTY: Draft = { subject: '', number: '', title: '', credits: '', grade: '', term: '' };
const draftOf = (row: ReadRowDto): Draft => ({
  subject: row.subject,
  number: row.number,
  title: row.title,
  credits: String(row.credits),
  grade: row.grade ?? '',
  term: row.term ?? '',
});

/** The draft checked by the same rules the server applies; field messages in plain words. */
function checkDraft(draft: Draft): { row: TranscriptCourseFields } | { errors: Partial<Record<FieldName, string>> } {
  const parsed = z.safeParse(addTranscriptRowSchema, { ...draft, credits: draft.credits.trim() === '' ? undefined : Number(draft.credits.replace(',', '.')) });
  if (parsed.success) return { row: parsed.data };
  const errors: Partial<Record<FieldName, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as FieldName;
    errors[field] ??= field === 'credits' ? 'Enter the credits as a number, such as 3 or 4.5.' : issue.message;
  }
  return { errors };
}

/** Only what the student changed, so a row saved untouched is not marked as theirs. */
function changedFields(row: ReadRowDto, next: TranscriptCourseFields): Partial<TranscriptCourseFields> {
  const changes: Partial<Record<FieldName, unknown>> = {};
  for (const { name } of FIELDS) if ((next[name] ?? null) !== (row[name] ?? null)) changes[name] = next[name];
  return changes as Partial<TranscriptCourseFields>;
}

function RowForm({ initial, submitLabel, onSave, onCancel }: { initial: Draft; submitLabel: string; onSave: (row: TranscriptCourseFields) => Promise<void>; onCancel: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDraft(draft);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    setSaving(true);
    try {
      await onSave(checked.row);
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {FIELDS.map((field) => (
        <div key={field.name} className={`flex flex-col gap-0.5 ${field.wide ? 'col-span-2 sm:col-span-3' : ''}`}>
          <label htmlFor={`${id}-${field.name}`} className="text-xs font-semibold text-slate-700">
            {field.label}
          </label>
          <input
            id={`${id}-${field.name}`}
            value={draft[field.name]}
            inputMode={field.inputMode}
            aria-invalid={errors[field.name] ? true : undefined}
            aria-describedby={errors[field.name] ? `${id}-${field.name}-error` : undefined}
            onChange={(event) => setDraft((before) => ({ ...before, [field.name]: event.target.value }))}
            className="min-w-0 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          />
          {errors[field.name] && (
            <span id={`${id}-${field.name}-error`} className="text-xs text-red-700">
              {errors[field.name]}
            </span>
          )}
        </div>
      ))}
      <div className="col-span-2 flex gap-2 sm:col-span-3">
        <button type="submit" disabled={saving} className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:bg-slate-400">
          {saving ? 'Saving…' : submitLabel}
        </button>
        <button type="button" onClick={onCancel} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50">
          Cancel
        </button>
      </div>
    </form>
  );
}

function readAs(asRead: RowAsRead) {
  return `${code(asRead)}${asRead.title ? ` ${asRead.title}` : ''}, ${credits(asRead.credits)} credits${asRead.grade ? `, ${asRead.grade}` : ''}${asRead.term ? `, ${asRead.term}` : ''}`;
}

/**
 * "What we read" (issue 19): every row the reader found, for the student to check. They fix a row, add a course the
 * reader missed or remove a wrong one; the server decides the report again and keeps what it had read.
 */
export function WhatWeRead({ rows, onChange }: { rows: ReadRowDto[]; onChange: (change: ReadingChange) => Promise<void> }) {
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (change: ReadingChange) => {
    setError(null);
    try {
      await onChange(change);
      setEditing(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Your change could not be saved. Please try again.');
    }
  };
  const fix = (row: ReadRowDto) => async (next: TranscriptCourseFields) => {
    const changes = changedFields(row, next);
    if (Object.keys(changes).length === 0) return setEditing(null);
    await run({ kind: 'fix', rowId: row.id, changes });
  };

  return (
    <section id="what-we-read" aria-labelledby="what-we-read-heading" className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id="what-we-read-heading" className="text-lg font-bold text-slate-900">
        What we read
      </h3>
      <p className="text-sm text-slate-600">Check each course against your transcript. Fix what we misread, add what we missed, remove what is not a course; the report is worked out again at once.</p>
      {error && (
        <div className="mt-2">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
      <table className="mt-3 w-full table-fixed text-left text-sm">
        <thead className="border-b border-slate-200 text-xs text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-2 font-semibold">
              Course
            </th>
            <th scope="col" className="w-14 py-1 pr-2 font-semibold">
              Credits
            </th>
            <th scope="col" className="w-12 py-1 pr-2 font-semibold">
              Grade
            </th>
            <th scope="col" className="w-24 py-1 font-semibold">
              <span className="sr-only">Changes</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) =>
            editing === row.id ? (
              <tr key={row.id} className="border-b border-slate-100">
                <td colSpan={4} className="py-2">
                  <p className="mb-1 text-sm font-semibold text-slate-800">Fix {code(row)}</p>
                  <RowForm initial={draftOf(row)} submitLabel="Save fix" onSave={fix(row)} onCancel={() => setEditing(null)} />
                </td>
              </tr>
            ) : (
              <tr key={row.id} aria-label={code(row)} className={`border-b border-slate-100 align-top ${row.correction === 'removed' ? 'text-slate-400' : 'text-slate-800'}`}>
                <td className="py-2 pr-2 break-words">
                  <span className={`font-semibold ${row.correction === 'removed' ? 'line-through' : ''}`}>{code(row)}</span>
                  {row.title && <span className={`block text-xs ${row.correction === 'removed' ? 'line-through' : 'text-slate-600'}`}>{row.title}</span>}
                  {row.term && <span className="block text-xs text-slate-500">{row.term}</span>}
                  {row.correction === 'edited' && row.asRead && <span className="block text-xs text-brand-800">Fixed by you. We read: {readAs(row.asRead)}</span>}
                  {row.correction === 'added' && <span className="block text-xs text-brand-800">Added by you</span>}
                  {row.correction === 'removed' && <span className="block text-xs text-slate-600">Removed by you</span>}
                </td>
                <td className="py-2 pr-2">{credits(row.credits)}</td>
                <td className="py-2 pr-2">{row.grade ?? '–'}</td>
                <td className="py-2 text-right">
                  {row.correction === 'removed' ? (
                    <button type="button" onClick={() => void run({ kind: 'fix', rowId: row.id, changes: { removed: false } })} className="text-sm font-semibold text-brand-800 underline" aria-label={`Put back ${code(row)}`}>
                      Put back
                    </button>
                  ) : (
                    <span className="flex flex-col items-end gap-1">
                      <button type="button" onClick={() => setEditing(row.id)} className="text-sm font-semibold text-brand-800 underline" aria-label={`Fix ${code(row)}`}>
                        Fix
                      </button>
                      <button type="button" onClick={() => void run({ kind: 'fix', rowId: row.id, changes: { removed: true } })} className="text-sm font-semibold text-rose-700 underline" aria-label={`Remove ${code(row)}`}>
                        Remove
                      </button>
                    </span>
                  )}
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
      {editing === 'new' ? (
        <div className="mt-3">
          <p className="mb-1 text-sm font-semibold text-slate-800">Add a course we missed</p>
          <RowForm initial={EMPTY} submitLabel="Add course" onSave={(row) => run({ kind: 'add', row })} onCancel={() => setEditing(null)} />
        </div>
      ) : (
        <button type="button" onClick={() => setEditing('new')} className="mt-3 rounded-md border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50">
          Add a course we missed
        </button>
      )}
    </section>
  );
}
