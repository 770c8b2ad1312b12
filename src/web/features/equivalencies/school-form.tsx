import { institutionFieldsSchema, type InstitutionRecord } from '@shared/schemas/equivalencies';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { ApiError } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSaveInstitution } from './equivalency-queries';

export const SCHOOL_KIND_LABELS: Record<InstitutionRecord['kind'], string> = {
  university: 'University',
  college: 'College',
  'community-college': 'Community college',
  'technical-college': 'Technical college',
};

const CONTROL_LABELS: Record<InstitutionRecord['control'], string> = { public: 'Public', private: 'Private' };
const CALENDAR_LABELS: Record<InstitutionRecord['calendar'], string> = { semester: 'Semesters', quarter: 'Quarters' };

interface Draft {
  name: string;
  key: string;
  state: string;
  control: 'public' | 'private';
  kind: InstitutionRecord['kind'];
  calendar: 'semester' | 'quarter';
  floridaStatewideNumbering: boolean;
  website: string;
  aliases: string;
}

const EMPTY: Draft = { name: '', key: '', state: '', control: 'public', kind: 'university', calendar: 'semester', floridaStatewideNumbering: false, website: '', aliases: '' };

const draftOf = (school: InstitutionRecord): Draft => ({
  name: school.name,
  key: school.key,
  state: school.state ?? '',
  control: school.control,
  kind: school.kind,
  calendar: school.calendar,
  floridaStatewideNumbering: school.floridaStatewideNumbering,
  website: school.website ?? '',
  // The name and key are always aliases; the form lists the others.
  aliases: school.aliases.filter((alias) => alias !== school.name && alias !== school.key).join(', '),
});

/** What the institution schema is given: no state or website as null, the aliases as a list. */
const toInput = (draft: Draft) => ({
  ...draft,
  state: draft.state || null,
  website: draft.website || null,
  aliases: draft.aliases
    .split(',')
    .map((alias) => alias.trim())
    .filter(Boolean),
});

const tooLong = (issue: { code: string }, otherwise: string) => (issue.code === 'too_big' ? 'This is too long: shorten it' : otherwise);

/** The institution schema (src/shared) checks a school; its problems in a clerk's words. */
const MESSAGES = {
  name: (issue: { code: string }) => tooLong(issue, 'Enter the school’s name, at least 2 characters'),
  key: (issue: { code: string }) => tooLong(issue, 'Use at least 2 lower-case letters, digits or dashes, such as uw-madison'),
  state: 'Use the two-letter state code, such as FL, or leave it empty',
  website: 'This address is too long: shorten it',
  aliases: 'Keep it to 50 names, each at most 200 characters long',
};

const keyFromName = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50);

/** What the server said about one field (a key another school already uses). */
function serverFieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.fields.find((entry) => entry.field === field)?.message;
}

/** Adds a school (`school` null) or edits one; saving is audited on the server. */
export function SchoolForm({ school, onDone }: { school: InstitutionRecord | null; onDone: () => void }) {
  const form = useSchemaForm({ schema: institutionFieldsSchema, initialValues: school ? draftOf(school) : EMPTY, toInput, messages: MESSAGES });
  const { values, setValue } = form;
  const [keyTouched, setKeyTouched] = useState(school !== null);
  const formRef = useRef<HTMLFormElement>(null);
  // The form opens above the list: bring it into view (on a phone the Edit button may be far below) and focus it.
  useEffect(() => {
    formRef.current?.scrollIntoView({ block: 'start' });
    formRef.current?.querySelector('input')?.focus({ preventScroll: true });
  }, []);
  const mutation = useSaveInstitution();
  const errorOf = (field: keyof Draft) => form.errorFor(field) ?? serverFieldError(mutation.error, field);
  const submit = form.handleSubmit((input) => mutation.mutate({ id: school?.id ?? null, input }, { onSuccess: onDone }));
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="scroll-mt-20 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6" aria-label={school ? `Edit ${school.name}` : 'Add a school'}>
      <h2 className="text-lg font-bold text-slate-900 sm:col-span-2">{school ? `Edit ${school.name}` : 'Add a school'}</h2>
      <FormField
        label="Name"
        required
        {...form.textField('name')}
        error={errorOf('name')}
        onChange={(event) => {
          setValue('name', event.target.value);
          if (!keyTouched) setValue('key', keyFromName(event.target.value));
        }}
      />
      <FormField
        label="Key"
        required
        {...form.textField('key')}
        hint="Short name used in links and filters, such as uw-madison"
        error={errorOf('key')}
        onChange={(event) => {
          setKeyTouched(true);
          setValue('key', event.target.value);
        }}
      />
      <FormField label="State" {...form.textField('state')} maxLength={2} hint="Two letters, such as FL" error={errorOf('state')} onChange={(event) => setValue('state', event.target.value.toUpperCase())} />
      <FormField label="Website" type="url" {...form.textField('website')} error={errorOf('website')} />
      <Choice label="Public or private" value={values.control} labels={CONTROL_LABELS} onChange={(value) => setValue('control', value)} />
      <Choice label="Kind" value={values.kind} labels={SCHOOL_KIND_LABELS} onChange={(value) => setValue('kind', value)} />
      <Choice label="Calendar" value={values.calendar} labels={CALENDAR_LABELS} onChange={(value) => setValue('calendar', value)} />
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium text-slate-800">
        <input type="checkbox" className="size-4" checked={values.floridaStatewideNumbering} onChange={(event) => setValue('floridaStatewideNumbering', event.target.checked)} />
        Takes part in Florida's statewide course numbering
      </label>
      <div className="sm:col-span-2">
        <FormField
          label="Other names (aliases)"
          {...form.textField('aliases')}
          hint="Comma-separated: how transcripts and data files spell the school, such as UW-Madison"
          error={errorOf('aliases')}
        />
      </div>
      {mutation.isError && (
        <div className="sm:col-span-2">
          <Alert tone="error">{mutation.error.message}</Alert>
        </div>
      )}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : school ? 'Save changes' : 'Add school'}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={mutation.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** A labelled choice among a fixed set of values, each shown by its label. */
function Choice<Value extends string>({ label, value, labels, onChange }: { label: string; value: Value; labels: Record<Value, string>; onChange: (value: Value) => void }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
      {label}
      <select className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base" value={value} onChange={(event) => onChange(event.target.value as Value)}>
        {(Object.entries(labels) as Array<[Value, string]>).map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
