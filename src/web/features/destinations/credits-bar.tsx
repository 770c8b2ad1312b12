import type { CreditsByClass } from '@shared/schemas/destinations';
import { VERDICT_CLASS_INFO, VERDICT_CLASSES, type VerdictClass } from '@shared/schemas/verdict-class';
import { formatCredits } from '../transcripts';

/** A bar segment's colour: the class's colour family (VERDICT_CLASS_INFO.tone), stronger than the badge's. */
const SEGMENT: Record<(typeof VERDICT_CLASS_INFO)[VerdictClass]['tone'], string> = {
  green: 'bg-emerald-600',
  violet: 'bg-violet-500',
  blue: 'bg-sky-500',
  amber: 'bg-amber-400',
  slate: 'bg-slate-400',
  orange: 'bg-orange-400',
  red: 'bg-rose-500',
};

export const segmentClass = (verdictClass: VerdictClass) => SEGMENT[VERDICT_CLASS_INFO[verdictClass].tone];

/**
 * Credits by class as one bar (each class its share of the transcript's credits) with its words underneath, so it reads
 * on a phone without colour: "6 Transfers fully · 3 Elective credit · 3 Needs review".
 */
export function CreditsBar({ byClass, schoolName }: { byClass: CreditsByClass; schoolName: string }) {
  const shown = VERDICT_CLASSES.filter((verdictClass) => byClass[verdictClass] > 0);
  const total = shown.reduce((sum, verdictClass) => sum + byClass[verdictClass], 0);
  return (
    <div>
      <div className="flex h-3 w-full overflow-hidden rounded-full bg-slate-100" role="img" aria-label={`Credits at ${schoolName}: ${shown.map((verdictClass) => `${formatCredits(byClass[verdictClass])} ${VERDICT_CLASS_INFO[verdictClass].label}`).join(', ')}`}>
        {shown.map((verdictClass) => (
          <span key={verdictClass} className={segmentClass(verdictClass)} style={{ width: `${(byClass[verdictClass] / total) * 100}%` }} data-verdict-class={verdictClass} />
        ))}
      </div>
      <ul className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700" aria-hidden="true">
        {shown.map((verdictClass) => (
          <li key={verdictClass} className="inline-flex items-center gap-1">
            <span className={`inline-block h-2.5 w-2.5 rounded-sm ${segmentClass(verdictClass)}`} />
            <span className="font-semibold">{formatCredits(byClass[verdictClass])}</span> {VERDICT_CLASS_INFO[verdictClass].label}
          </li>
        ))}
      </ul>
    </div>
  );
}
