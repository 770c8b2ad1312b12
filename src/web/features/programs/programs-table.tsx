import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { PROGRAM_KINDS, programUpdateSchema, type ProgramDetail, type ProgramKind, type ProgramSummary } from '@shared/schemas/programs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { adminProgramQueries, useUpdateProgram } from './programs-queries';

const schoolOf = (program: ProgramSummary) => program.school?.name ?? `Statewide (${program.statewide})`;

interface Draft {
  name: string;
  degree: string;
  catalogYear: string;
  totalCredits: string;
  kind: ProgramKind;
  dataNote: string;
}

const draftOf = (program: ProgramDetail): Draft => ({
  name: program.name,
  degree: program.degree ?? '',
  catalogYear: program.catalogYear ?? '',
  totalCredits: program.totalCredits === null ? '' : String(program.totalCredits),
  kind: program.kind,
  dataNote: program.dataNote ?? '',
});

/** An admin's edit of a program's own fields, checked with the schema the server uses. */
function ProgramEditor({ program, onDone }: { program: ProgramDetail; onDone: () => void }) {
  const ids = { name: useId(), degree: useId(), year: useId(), credits: useId(), kind: useId(), note: useId() };
  const [draft, setDraft] = useState<Draft>(() => draftOf(program));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateProgram(program.id);
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => setDraft((before) => ({ ...before, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = programUpdateSchema.safeParse({
      name: draft.name,
      degree: draft.degree,
      catalogYear: draft.catalogYear,
      totalCredits: draft.totalCredits === '' ? null : Number(draft.totalCredits),
      kind: draft.kind,
      dataNote: draft.dataNote,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    update.mutate(
      { name: draft.name, degree: draft.degree, catalogYear: draft.catalogYear, totalCredits: draft.totalCredits === '' ? null : Number(draft.totalCredits), kind: draft.kind, dataNote: draft.dataNote },
      { onSuccess: onDone },
    );
  };
  const field = (id: string, label: string, name: keyof Draft, input: ReactNode) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {label}
      </label>
      {input}
      {errors[name] && <p className="text-xs text-red-700">{errors[name]}</p>}
    </div>
  );
  const inputClass = 'rounded-md border border-slate-300 px-2 py-1.5 text-base';
  return (
    <form onSubmit={submit} noValidate className="mt-2 grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-2">
      {field(ids.name, 'Name', 'name', <input id={ids.name} value={draft.name} onChange={set('name')} className={inputClass} />)}
      {field(ids.degree, 'Degree', 'degree', <input id={ids.degree} value={draft.degree} onChange={set('degree')} className={inputClass} />)}
      {field(ids.year, 'Catalogue year', 'catalogYear', <input id={ids.year} value={draft.catalogYear} onChange={set('catalogYear')} className={inputClass} />)}
      {field(ids.credits, 'Total credits', 'totalCredits', <input id={ids.credits} type="number" inputMode="decimal" value={draft.totalCredits} onChange={set('totalCredits')} className={inputClass} />)}
      {field(
        ids.kind,
        'Kind',
        'kind',
        <select id={ids.kind} value={draft.kind} onChange={set('kind')} className={`${inputClass} bg-white`}>
          {PROGRAM_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kind}
            </option>
          ))}
        </select>,
      )}
      {field(ids.note, 'Note about the data (shown to students)', 'dataNote', <textarea id={ids.note} value={draft.dataNote} onChange={set('dataNote')} rows={2} className={inputClass} />)}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save program'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {update.isError && <p role="alert" className="text-sm text-red-700 sm:col-span-2">{update.error.message}</p>}
    </form>
  );
}

function ProgramRow({ program }: { program: ProgramSummary }) {
  const [open, setOpen] = useState<'requirements' | 'edit' | null>(null);
  const detail = useQuery({ ...adminProgramQueries.detail(program.id), enabled: open !== null });
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">
            {program.name} <span className="font-mono text-xs text-slate-500">{program.code}</span>
          </p>
          <p className="text-xs text-slate-600">
            {schoolOf(program)} · {program.kind}
            {program.degree ? ` · ${program.degree}` : ''} · {program.requirementCount} requirements
            {program.includes.length > 0 ? ` · includes ${program.includes.join(', ')}` : ''}
          </p>
        </div>
        <div className="flex gap-2 text-sm">
          <button type="button" onClick={() => setOpen(open === 'requirements' ? null : 'requirements')} className="font-semibold text-brand-700 hover:underline" aria-expanded={open === 'requirements'}>
            Requirements
          </button>
          <button type="button" onClick={() => setOpen(open === 'edit' ? null : 'edit')} className="font-semibold text-brand-700 hover:underline" aria-expanded={open === 'edit'}>
            Edit
          </button>
        </div>
      </div>
      {open !== null && detail.isPending && <p role="status" className="text-sm text-slate-600">Loading…</p>}
      {open === 'edit' && detail.data && <ProgramEditor program={detail.data} onDone={() => setOpen(null)} />}
      {open === 'requirements' && detail.data && (
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {detail.data.requirements.map((requirement) => (
            <li key={requirement.code} className={requirement.parentCode ? 'ml-4 border-l-2 border-slate-200 pl-2' : ''}>
              <span className="font-medium text-slate-900">{requirement.name}</span>{' '}
              <span className="text-xs text-slate-600">
                {[
                  requirement.groupRule === 'all' ? 'all of' : requirement.groupRule === 'n-of' ? `${requirement.childrenRequired} of` : null,
                  requirement.minCredits !== null ? `${requirement.minCredits} credits` : null,
                  requirement.minCourses !== null ? `${requirement.minCourses} courses` : null,
                  requirement.maxCredits !== null ? `at most ${requirement.maxCredits} credits` : null,
                  requirement.doubleCount ? 'may double count' : null,
                  requirement.optionsText.length > 0 ? requirement.optionsText.slice(0, 4).join('; ') + (requirement.optionsText.length > 4 ? '…' : '') : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              {requirement.doubtful && <span className="block text-xs text-amber-900">Doubtful: {requirement.doubtful}</span>}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Every program on file, searchable, each with its requirements and an edit form. */
export function ProgramsTable() {
  const searchId = useId();
  const [q, setQ] = useState('');
  const debounced = useDebouncedValue(q.trim(), 250);
  const programs = useQuery(adminProgramQueries.list(debounced));
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-bold text-slate-900">Programs</h2>
        <div className="flex flex-col gap-1">
          <label htmlFor={searchId} className="text-xs font-medium text-slate-700">
            Search programs
          </label>
          <input id={searchId} type="search" value={q} onChange={(event) => setQ(event.target.value)} placeholder="School, code or name" className="rounded-md border border-slate-300 px-3 py-1.5 text-base" />
        </div>
      </div>
      {programs.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading…
        </p>
      ) : programs.isError ? (
        <Alert tone="error">Unable to load programs.</Alert>
      ) : programs.data.length === 0 ? (
        <p className="text-sm text-slate-600">{debounced ? 'No programs match.' : 'No programs yet. Load some by CSV below.'}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {programs.data.map((program) => (
            <ProgramRow key={program.id} program={program} />
          ))}
        </ul>
      )}
    </div>
  );
}
