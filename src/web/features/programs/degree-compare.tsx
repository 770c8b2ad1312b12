import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { DegreeProgress } from '@shared/schemas/programs';
import { programQueries } from './programs-queries';
import { requirementStatus } from './requirement-list';

const MAX_COLUMNS = 3;
const credits = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

interface Target {
  school: string;
  programId: number | null;
}

/**
 * One school and program to compare: the school from the student's favorites (or the transcript's destination), the
 * program from that school's list, starting on the one for the student's major.
 */
function TargetPicker({
  index,
  target,
  schools,
  transcriptId,
  major,
  onChange,
  onResolved,
}: {
  index: number;
  target: Target;
  schools: string[];
  transcriptId: string;
  major?: string;
  onChange: (target: Target) => void;
  onResolved: (schoolId: number | null) => void;
}) {
  const schoolId = useId();
  const programId = useId();
  const programs = useQuery(programQueries.forTranscript(transcriptId, target.school, major));
  const resolvedId = programs.data?.school.id ?? null;
  const suggested = programs.data?.suggestedProgramId ?? null;
  useEffect(() => onResolved(resolvedId), [resolvedId, onResolved]);
  useEffect(() => {
    if (target.programId === null && suggested !== null) onChange({ ...target, programId: suggested });
  }, [suggested, target, onChange]);
  return (
    <fieldset className="flex min-w-0 flex-col gap-1 rounded-lg border border-slate-200 p-2">
      <legend className="px-1 text-xs font-semibold text-slate-700">School {index + 1}</legend>
      <label htmlFor={schoolId} className="sr-only">
        School {index + 1}
      </label>
      <select
        id={schoolId}
        value={target.school}
        onChange={(event) => onChange({ school: event.target.value, programId: null })}
        className="min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
      >
        <option value="">Choose a school</option>
        {schools.map((school) => (
          <option key={school} value={school}>
            {school}
          </option>
        ))}
      </select>
      <label htmlFor={programId} className="sr-only">
        Program at school {index + 1}
      </label>
      <select
        id={programId}
        value={target.programId ?? ''}
        disabled={!programs.data || programs.data.programs.length === 0}
        onChange={(event) => onChange({ ...target, programId: event.target.value ? Number(event.target.value) : null })}
        className="min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm disabled:bg-slate-100"
      >
        <option value="">{programs.isError ? 'School not known yet' : programs.data?.programs.length === 0 ? 'No programs on file' : 'Choose a program'}</option>
        {programs.data?.programs.map((program) => (
          <option key={program.id} value={program.id}>
            {program.name}
          </option>
        ))}
      </select>
    </fieldset>
  );
}

function Column({ column }: { column: DegreeProgress }) {
  const { totals } = column;
  const left = totals.requirementsTotal - totals.requirementsComplete;
  return (
    <section className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-2 sm:p-3" aria-label={`Degree progress at ${column.school.name}`}>
      <header className="min-w-0">
        <h3 className="text-sm font-bold break-words text-slate-900 sm:text-base">{column.school.name}</h3>
        <p className="text-xs break-words text-slate-600">{column.program.name}</p>
      </header>
      <p>
        <span className="text-2xl font-extrabold text-brand-700">{credits(totals.countingCredits)}</span>
        <span className="text-xs text-slate-700"> credits count toward the degree</span>
      </p>
      <dl className="grid grid-cols-[1fr_auto] gap-x-2 text-xs text-slate-700">
        <dt>Elective only</dt>
        <dd className="text-right font-semibold tabular-nums">{credits(totals.electiveCredits)}</dd>
        <dt>Lost</dt>
        <dd className="text-right font-semibold tabular-nums">{credits(totals.lostCredits)}</dd>
        <dt>Not decided yet</dt>
        <dd className="text-right font-semibold tabular-nums">{credits(totals.pendingCredits)}</dd>
        <dt>Requirements left</dt>
        <dd className="text-right font-semibold tabular-nums">
          {left} of {totals.requirementsTotal}
        </dd>
      </dl>
      <ul className="flex flex-col gap-1 border-t border-slate-100 pt-2" aria-label={`Requirements at ${column.school.name}`}>
        {column.requirements
          .filter((requirement) => requirement.chosen)
          .map((requirement) => {
            const status = requirementStatus(requirement);
            return (
              <li key={requirement.id} className="text-xs">
                <span className="block break-words text-slate-800">{requirement.name}</span>
                <span className={`mt-0.5 inline-block rounded-full px-1.5 py-px text-[11px] font-semibold ring-1 ${status.className}`}>{status.label}</span>
              </li>
            );
          })}
      </ul>
    </section>
  );
}

/**
 * The same courses at two or three schools (or programs), side by side even on a phone: credits that count toward
 * the degree, elective only, lost, and the requirements left.
 */
export function DegreeCompare({
  transcriptId,
  schools,
  initial,
  major,
}: {
  transcriptId: string;
  /** The schools to choose from: the student's favorites and the transcript's destination. */
  schools: string[];
  initial: string[];
  /** The intended major: each school's program of that name is shown first. */
  major?: string;
}) {
  const [targets, setTargets] = useState<Target[]>(() => {
    const start = initial.filter(Boolean).slice(0, MAX_COLUMNS).map((school) => ({ school, programId: null }));
    while (start.length < 2) start.push({ school: '', programId: null });
    return start;
  });
  const [schoolIds, setSchoolIds] = useState<Array<number | null>>([]);
  const ready = targets
    .map((target, index) => ({ schoolId: schoolIds[index] ?? null, programId: target.programId }))
    .filter((target): target is { schoolId: number; programId: number } => target.schoolId !== null && target.programId !== null);
  const compare = useQuery(programQueries.compare(transcriptId, ready));
  const choices = [...new Set([...schools, ...initial].filter(Boolean))];
  const update = (index: number) => (target: Target) => setTargets((before) => before.map((item, at) => (at === index ? target : item)));
  const resolved = (index: number) => (schoolId: number | null) =>
    setSchoolIds((before) => {
      if (before[index] === schoolId) return before;
      const next = [...before];
      next[index] = schoolId;
      return next;
    });

  return (
    <div className="flex flex-col gap-3">
      <div className={`grid gap-2 ${targets.length === 3 ? 'grid-cols-3' : 'grid-cols-2'}`}>
        {targets.map((target, index) => (
          <TargetPicker key={index} index={index} target={target} schools={choices} transcriptId={transcriptId} major={major} onChange={update(index)} onResolved={resolved(index)} />
        ))}
      </div>
      <div className="flex flex-wrap gap-3 text-sm">
        {targets.length < MAX_COLUMNS && (
          <button type="button" onClick={() => setTargets((before) => [...before, { school: '', programId: null }])} className="font-semibold text-brand-700 hover:underline">
            Add a third school
          </button>
        )}
        {targets.length > 2 && (
          <button type="button" onClick={() => setTargets((before) => before.slice(0, 2))} className="font-semibold text-slate-700 hover:underline">
            Compare two
          </button>
        )}
      </div>
      {ready.length < 2 ? (
        <p className="text-sm text-slate-600">Choose a school and a program in at least two columns to compare them.</p>
      ) : compare.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Comparing…
        </p>
      ) : compare.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {compare.error.message}
        </p>
      ) : (
        <div className={`grid gap-2 ${compare.data.columns.length === 3 ? 'grid-cols-3' : 'grid-cols-2'}`} aria-label="Schools side by side">
          {compare.data.columns.map((column) => (
            <Column key={`${column.school.id}-${column.program.id}`} column={column} />
          ))}
        </div>
      )}
    </div>
  );
}
