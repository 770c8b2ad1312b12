import type { TranscriptResultItem } from '@shared/schemas/transcripts';
import { formatCredits } from './format-credits';

const BADGES: Record<TranscriptResultItem['statusCode'], string> = {
  DIRECT: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  NEEDS_EVAL: 'bg-amber-100 text-amber-900 ring-amber-200',
  NO_TRANSFER: 'bg-rose-100 text-rose-800 ring-rose-200',
};

/** Parts of a report row that the student's report and the admin's view share. */

/** A report row's outcome as a badge, in the colours of its status (the student's report and the admin's view). */
export function ReportStatusBadge({ status, label }: { status: TranscriptResultItem['statusCode']; label: string }) {
  return <span className={`shrink-0 rounded-full px-3 py-1 text-xs font-bold ring-1 ${BADGES[status]}`}>{label}</span>;
}

/** "3 credits", "1 credit", "2.67 credits". */
export const creditCount = (value: number) => `${formatCredits(value)} ${value === 1 ? 'credit' : 'credits'}`;

/** A report row's course: its code and title, then credits, grade and term, and `detail` when given. */
export function ReportRowCourse({ item, detail }: { item: TranscriptResultItem; detail?: string | null }) {
  return (
    <>
      <p className="font-bold text-slate-900">
        {item.subject} {item.number}
        <span className="font-normal text-slate-700"> {item.title}</span>
      </p>
      <p className="text-sm text-slate-600">
        {creditCount(item.credits)}
        {item.grade ? ` · Grade ${item.grade}` : ''}
        {item.term ? ` · ${item.term}` : ''}
        {detail ? ` · ${detail}` : ''}
      </p>
    </>
  );
}
