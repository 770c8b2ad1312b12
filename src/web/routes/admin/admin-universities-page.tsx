import type { InstitutionRecord } from '@shared/schemas/equivalencies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { createInstitution, listInstitutions, updateInstitution } from '../../features/equivalencies/equivalency-api';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';

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

const KIND_LABELS: Record<InstitutionRecord['kind'], string> = {
  university: 'University',
  college: 'College',
  'community-college': 'Community college',
  'technical-college': 'Technical college',
};

const count = (value: number, word: string) => `${value.toLocaleString('en-US')} ${word}${value === 1 ? '' : 's'}`;

const keyFromName = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50);

function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.fields.find((entry) => entry.field === field)?.message;
}

function SchoolForm({ initial, onDone, school }: { initial: Draft; school: InstitutionRecord | null; onDone: () => void }) {
  const [draft, setDraft] = useState(initial);
  const [keyTouched, setKeyTouched] = useState(school !== null);
  const formRef = useRef<HTMLFormElement>(null);
  // The form opens above the list: bring it into view (on a phone the Edit button may be far below) and focus it.
  useEffect(() => {
    formRef.current?.scrollIntoView({ block: 'start' });
    formRef.current?.querySelector('input')?.focus({ preventScroll: true });
  }, []);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => {
      const input = {
        name: draft.name,
        key: draft.key,
        state: draft.state || null,
        control: draft.control,
        kind: draft.kind,
        calendar: draft.calendar,
        floridaStatewideNumbering: draft.floridaStatewideNumbering,
        website: draft.website || null,
        aliases: draft.aliases.split(',').map((alias) => alias.trim()).filter(Boolean),
      };
      return school ? updateInstitution(school.id, input) : createInstitution(input);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin-institutions'] });
      onDone();
    },
  });
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };
  const selectClass = 'rounded-md border border-slate-300 bg-white px-3 py-2 text-base';
  return (
    <form ref={formRef} onSubmit={submit} className="scroll-mt-20 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6" aria-label={school ? `Edit ${school.name}` : 'Add a school'}>
      <h2 className="text-lg font-bold text-slate-900 sm:col-span-2">{school ? `Edit ${school.name}` : 'Add a school'}</h2>
      <FormField
        label="Name"
        required
        value={draft.name}
        error={fieldError(mutation.error, 'name')}
        onChange={(event) => {
          set('name', event.target.value);
          if (!keyTouched) set('key', keyFromName(event.target.value));
        }}
      />
      <FormField
        label="Key"
        required
        value={draft.key}
        hint="Short name used in links and filters, such as uw-madison"
        error={fieldError(mutation.error, 'key')}
        onChange={(event) => {
          setKeyTouched(true);
          set('key', event.target.value);
        }}
      />
      <FormField label="State" value={draft.state} maxLength={2} hint="Two letters, such as FL" error={fieldError(mutation.error, 'state')} onChange={(event) => set('state', event.target.value.toUpperCase())} />
      <FormField label="Website" type="url" value={draft.website} error={fieldError(mutation.error, 'website')} onChange={(event) => set('website', event.target.value)} />
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Public or private
        <select className={selectClass} value={draft.control} onChange={(event) => set('control', event.target.value as Draft['control'])}>
          <option value="public">Public</option>
          <option value="private">Private</option>
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Kind
        <select className={selectClass} value={draft.kind} onChange={(event) => set('kind', event.target.value as Draft['kind'])}>
          {Object.entries(KIND_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Calendar
        <select className={selectClass} value={draft.calendar} onChange={(event) => set('calendar', event.target.value as Draft['calendar'])}>
          <option value="semester">Semesters</option>
          <option value="quarter">Quarters</option>
        </select>
      </label>
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium text-slate-800">
        <input type="checkbox" className="size-4" checked={draft.floridaStatewideNumbering} onChange={(event) => set('floridaStatewideNumbering', event.target.checked)} />
        Takes part in Florida's statewide course numbering
      </label>
      <div className="sm:col-span-2">
        <FormField
          label="Other names (aliases)"
          value={draft.aliases}
          hint="Comma-separated: how transcripts and data files spell the school, such as UW-Madison"
          error={fieldError(mutation.error, 'aliases')}
          onChange={(event) => set('aliases', event.target.value)}
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

/** Universities Management: every school, its aliases and settings; adding and editing are audited on the server. */
export default function AdminUniversitiesPage() {
  useDocumentTitle('Universities Management');
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<InstitutionRecord | 'new' | null>(null);
  const schools = useQuery({ queryKey: ['admin-institutions', q.trim()], queryFn: () => listInstitutions(q.trim()) });

  return (
    <section className="flex flex-col gap-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Universities Management</h1>
          <p className="mt-1 text-sm text-slate-600">Schools, the names they go by, and how their courses are numbered.</p>
        </div>
        {editing === null && <Button onClick={() => setEditing('new')}>Add a school</Button>}
      </header>

      {editing !== null && (
        <SchoolForm
          key={editing === 'new' ? 'new' : editing.id}
          initial={editing === 'new' ? EMPTY : draftOf(editing)}
          school={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}

      <label className="flex max-w-md flex-col gap-1 text-sm font-medium text-slate-800">
        Find a school
        <input type="search" value={q} onChange={(event) => setQ(event.target.value)} placeholder="Name, key or alias" className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal" />
      </label>
      {schools.isError && <Alert tone="error">{schools.error.message}</Alert>}
      {schools.isPending ? (
        <p role="status">Loading…</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">{schools.data?.length === 1 ? '1 school' : `${schools.data?.length ?? 0} schools`}</p>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {(schools.data ?? []).map((school) => (
              <li key={school.id} className="flex flex-wrap items-start justify-between gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">
                    {school.name} <span className="font-mono text-xs text-slate-500">{school.key}</span>
                  </p>
                  <p className="text-sm text-slate-600">
                    {[school.state, school.control === 'private' ? 'Private' : 'Public', KIND_LABELS[school.kind], school.calendar === 'quarter' ? 'Quarters' : 'Semesters', school.floridaStatewideNumbering ? 'Florida statewide numbering' : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  <p className="text-sm text-slate-600">
                    {count(school.courseCount, 'course')} · {count(school.ruleCount, 'rule')}
                  </p>
                  {school.aliases.length > 0 && <p className="mt-1 truncate text-xs text-slate-500">Also: {school.aliases.join(', ')}</p>}
                </div>
                <Button variant="secondary" onClick={() => setEditing(school)} aria-label={`Edit ${school.name}`}>
                  Edit
                </Button>
              </li>
            ))}
            {schools.data?.length === 0 && <li className="px-4 py-3 text-sm text-slate-600">No schools match.</li>}
          </ul>
        </>
      )}
    </section>
  );
}
