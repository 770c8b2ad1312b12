import type { DegreeCourse, DegreeRequirement } from '@shared/schemas/programs';
import { VerdictBadge } from '../../components/ui/verdict-badge';

/** An option written as a Florida statewide number with its level left open ("ENC x101"). */
const STATEWIDE_NUMBER = /^[A-Z]{3} x\d{3}$/;
const credits = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
const plural = (count: number, word: string) => `${credits(count)} ${word}${count === 1 ? '' : 's'}`;

/** A requirement's state in words; one whose data is not verified never reads as done. */
export function requirementStatus(requirement: Pick<DegreeRequirement, 'status' | 'verified'>): { label: string; className: string } {
  switch (requirement.status) {
    case 'complete':
      return requirement.verified
        ? { label: 'Complete', className: 'bg-emerald-100 text-emerald-900 ring-emerald-200' }
        : { label: 'Looks complete · not verified', className: 'bg-amber-50 text-amber-900 ring-amber-300' };
    case 'partial':
      return { label: requirement.verified ? 'Partly done' : 'Partly done · not verified', className: 'bg-amber-100 text-amber-900 ring-amber-200' };
    case 'not-started':
      return { label: 'Not started', className: 'bg-slate-100 text-slate-700 ring-slate-200' };
    case 'unchecked':
      return { label: "Can't check", className: 'bg-white text-slate-600 ring-slate-300' };
  }
}

/** "3 credits and 1 course to go", "9 credits counted". */
function progressText(requirement: DegreeRequirement): string {
  const done = requirement.appliedCourses > 0 ? `${plural(requirement.appliedCredits, 'credit')} counted` : '';
  const left = [
    requirement.remainingCredits ? plural(requirement.remainingCredits, 'credit') : '',
    requirement.remainingCourses ? plural(requirement.remainingCourses, 'course') : '',
  ].filter(Boolean);
  const toGo = requirement.status !== 'complete' && requirement.status !== 'unchecked' && left.length > 0 ? `${left.join(' and ')} to go` : '';
  return [done, toGo].filter(Boolean).join(' · ');
}

function RequirementItem({ requirement, depth }: { requirement: DegreeRequirement; depth: number }) {
  const status = requirementStatus(requirement);
  const chosen = requirement.children.filter((child) => child.chosen);
  const others = requirement.children.filter((child) => !child.chosen);
  const progress = progressText(requirement);
  return (
    <li className={depth === 0 ? 'rounded-lg border border-slate-200 bg-white p-3' : 'border-l-2 border-slate-200 py-1.5 pl-3'}>
      <div className="flex items-start justify-between gap-2">
        <p className={`min-w-0 ${depth === 0 ? 'font-semibold text-slate-900' : 'text-sm font-medium text-slate-800'}`}>{requirement.name}</p>
        <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${status.className}`}>{status.label}</span>
      </div>
      {progress && <p className="text-xs text-slate-600">{progress}</p>}
      {requirement.courses.length > 0 && (
        <p className="mt-1 text-xs text-slate-700">
          <span className="font-semibold">Your courses: </span>
          {requirement.courses.join(', ')}
        </p>
      )}
      {requirement.status !== 'complete' && requirement.optionsText.length > 0 && requirement.children.length === 0 && (
        <p className="mt-1 text-xs text-slate-600">
          <span className="font-semibold">Choose from: </span>
          {requirement.optionsText.slice(0, 6).join('; ')}
          {requirement.optionsText.length > 6 ? `; and ${requirement.optionsText.length - 6} more` : ''}
          {requirement.optionsText.some((option) => STATEWIDE_NUMBER.test(option)) && ' (x is any level: ENC x101 is ENC 1101 or 2101)'}
        </p>
      )}
      {requirement.cannotCheck && <p className="mt-1 text-xs text-slate-600">{requirement.cannotCheck}</p>}
      {requirement.doubtful && <p className="mt-1 text-xs text-amber-900">Not verified: {requirement.doubtful}.</p>}
      {chosen.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1">
          {chosen.map((child) => (
            <RequirementItem key={child.id} requirement={child} depth={depth + 1} />
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <p className="mt-1 text-xs text-slate-500">
          Other choices, not used because your courses advance the one above more: {others.map((child) => child.name).join('; ')}.
        </p>
      )}
    </li>
  );
}

/** The program's requirements as a tree: filled, partly filled, not started, or not checkable, with the courses in each. */
export function RequirementList({ requirements, label }: { requirements: DegreeRequirement[]; label: string }) {
  return (
    <ul className="flex flex-col gap-2" aria-label={label}>
      {requirements.map((requirement) => (
        <RequirementItem key={requirement.id} requirement={requirement} depth={0} />
      ))}
    </ul>
  );
}

const OUTCOMES: Record<DegreeCourse['outcome'] | 'pending', { label: string; className: string }> = {
  counts: { label: 'Counts', className: 'bg-emerald-100 text-emerald-900' },
  elective: { label: 'Elective credit only', className: 'bg-sky-100 text-sky-900' },
  none: { label: 'Does not count', className: 'bg-rose-100 text-rose-900' },
  pending: { label: 'Not decided yet', className: 'bg-amber-100 text-amber-900' },
};

/** Per course: where it counts, or why it is elective credit only or does not count. */
export function CourseOutcomes({ courses }: { courses: DegreeCourse[] }) {
  return (
    <ul className="flex flex-col divide-y divide-slate-100" aria-label="How each course counts">
      {courses.map((course, index) => {
        const outcome = OUTCOMES[course.pending ? 'pending' : course.outcome];
        return (
          <li key={`${course.code}-${index}`} className="py-2">
            <div className="flex items-start justify-between gap-2">
              <p className="min-w-0 text-sm">
                <span className="font-semibold text-slate-900">{course.code}</span>{' '}
                {course.source === 'transcript' && <span className="text-slate-600">{course.title}</span>}
                {course.credits > 0 && <span className="text-slate-500"> · {plural(course.credits, 'credit')}</span>}
                {course.verdictClass && (
                  <span className="ml-1.5 align-middle">
                    <VerdictBadge verdictClass={course.verdictClass} />
                  </span>
                )}
              </p>
              <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${outcome.className}`}>
                {course.outcome === 'counts' && !course.verified ? 'May count' : outcome.label}
              </span>
            </div>
            <p className="text-xs text-slate-600">{course.why}</p>
          </li>
        );
      })}
    </ul>
  );
}
