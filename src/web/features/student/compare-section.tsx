import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CompareSchool } from '@shared/schemas/student';
import { VERDICT_CLASSES } from '@shared/schemas/verdict-class';
import { VerdictBadge } from '../../components/ui/verdict-badge';
import { DegreeCompare } from '../programs';
import { SchoolCombobox } from '../schools';
import { favoriteChoice } from './favorite-choice';
import { studentQueries } from './student-queries';

/** Spec section 5: pick two favorites; side by side, how the latest analysed transcript fares at each. */
export function CompareSection({ favorites: favoriteSchools, intendedMajor = '', initial }: { favorites: string[]; intendedMajor?: string; initial?: [string, string] }) {
  const [a, setA] = useState(initial?.[0] ?? '');
  const [b, setB] = useState(initial?.[1] ?? '');
  // Two schools picked elsewhere ("Where your credits count") are choices too, favorites or not.
  const favorites = [...new Set([...favoriteSchools, ...(initial ?? [])])];
  const ready = Boolean(a && b && a !== b);
  const compare = useQuery({ ...studentQueries.comparison(a, b), enabled: ready });
  if (favorites.length < 2) return <p className="text-sm text-slate-600">Add at least two favorite universities to compare them.</p>;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <SchoolPicker label="First school" value={a} onChange={setA} favorites={favorites} />
        <SchoolPicker label="Second school" value={b} onChange={setB} favorites={favorites} />
      </div>
      {!ready ? (
        <p className="text-sm text-slate-600">Choose two favorites to compare.</p>
      ) : compare.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Comparing…
        </p>
      ) : compare.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {compare.error.message}
        </p>
      ) : !compare.data.transcript ? (
        <p className="text-sm text-slate-700">
          You have no analysed transcript yet. <a href="#transcripts" className="font-semibold text-brand-700 underline">Upload a transcript</a> and analyze it, then
          compare again.
        </p>
      ) : (
        <>
          <p className="text-xs text-slate-600">
            Based on {compare.data.transcript.name}
            {compare.data.transcript.fromSchool ? ` from ${compare.data.transcript.fromSchool}` : ''}.{' '}
            <Link to={`/search?transcript=${compare.data.transcript.id}`} className="text-brand-700 underline">
              Full report
            </Link>
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            {compare.data.schools.map((school) => (
              <CompareColumn key={school.query} school={school} />
            ))}
          </div>
          <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
            <h3 className="font-bold text-slate-900">Toward a degree, side by side</h3>
            <DegreeCompare key={`${a}|${b}`} transcriptId={compare.data.transcript.id} schools={favorites} initial={[a, b]} major={intendedMajor || undefined} />
          </div>
        </>
      )}
    </div>
  );
}

/** One school to compare: the student's favorites first, and any other school by any name it goes by. */
function SchoolPicker({ label, value, onChange, favorites }: { label: string; value: string; onChange: (value: string) => void; favorites: string[] }) {
  const [text, setText] = useState(value);
  return (
    <SchoolCombobox
      label={label}
      value={text}
      onValueChange={(typed) => {
        setText(typed);
        onChange('');
      }}
      onPick={(school) => {
        setText(school.name);
        onChange(school.name);
      }}
      firstChoices={favorites.map(favoriteChoice)}
      placeholder="Choose a favorite, or type any school"
    />
  );
}

function CompareColumn({ school }: { school: CompareSchool }) {
  const percent = Math.round(school.acceptedShare * 100);
  // Counted from the rows listed below, so the summary can never leave one out (a W earns no credits, but it is a course).
  const counted = VERDICT_CLASSES.map((verdictClass) => ({ verdictClass, count: school.courses.filter((course) => course.verdictClass === verdictClass).length })).filter(
    ({ count }) => count > 0,
  );
  return (
    <section className="rounded-lg border border-slate-200 p-4" aria-label={`Compared at ${school.school.name}`}>
      <h3 className="font-bold text-slate-900">{school.school.name}</h3>
      <p className="mt-1 text-2xl font-extrabold text-brand-700">{percent}% of credits accepted</p>
      <p className="text-xs text-slate-600">
        {school.credits.direct} of {school.credits.total} credits transfer directly
      </p>
      <p className="mt-2 flex flex-wrap gap-1.5 text-xs font-semibold" data-testid="compare-counts">
        {counted.map(({ verdictClass, count }) => (
          <span key={verdictClass} className="inline-flex items-center gap-1">
            {count} <VerdictBadge verdictClass={verdictClass} report />
          </span>
        ))}
      </p>
      <ul className="mt-3 divide-y divide-slate-100 text-sm" aria-label={`Courses at ${school.school.name}`}>
        {school.courses.map((course, index) => (
          <li key={`${course.subject}${course.number}-${index}`} className="flex items-start justify-between gap-2 py-1.5">
            <span className="min-w-0">
              <span className="font-medium">
                {course.subject} {course.number}
              </span>{' '}
              <span className="text-slate-600">{course.title}</span>
              {course.transfersTo && <span className="block text-xs text-slate-600">→ {course.transfersTo}</span>}
            </span>
            <VerdictBadge verdictClass={course.verdictClass} report />
          </li>
        ))}
      </ul>
    </section>
  );
}
