import { VERDICT_CLASS_INFO, type VerdictClass } from '@shared/schemas/verdict-class';

/** Each class's colour family (VERDICT_CLASS_INFO.tone): green only for a specific course. */
const TONES: Record<(typeof VERDICT_CLASS_INFO)[VerdictClass]['tone'], string> = {
  green: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  violet: 'bg-violet-100 text-violet-800 ring-violet-200',
  blue: 'bg-sky-100 text-sky-900 ring-sky-200',
  amber: 'bg-amber-100 text-amber-900 ring-amber-200',
  slate: 'bg-slate-100 text-slate-800 ring-slate-300',
  orange: 'bg-orange-100 text-orange-900 ring-orange-200',
  red: 'bg-rose-100 text-rose-800 ring-rose-200',
};

/**
 * What a student gets for a course at a school, as one badge everywhere it is shown (search cards, the course page,
 * the report, Compare, degree progress, the clerk's evidence): its words and colour come from the class alone. On a
 * transcript report row (`report`), the spec's row badges ('Direct Transfer', 'Needs Review', 'No Transfer') where a
 * class has one.
 */
export function VerdictBadge({ verdictClass, report = false, label, size = 'sm' }: { verdictClass: VerdictClass; report?: boolean; label?: string; size?: 'sm' | 'md' }) {
  const info = VERDICT_CLASS_INFO[verdictClass];
  const padding = size === 'md' ? 'px-3 py-1 font-bold' : 'px-2.5 py-0.5 font-semibold';
  return (
    <span className={`inline-block shrink-0 rounded-full text-xs ring-1 ${padding} ${TONES[info.tone]}`} title={info.meaning} data-verdict-class={verdictClass}>
      {label ?? (report ? info.reportLabel : info.label)}
    </span>
  );
}
