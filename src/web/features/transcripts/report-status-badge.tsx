import type { TranscriptResultItem } from '@shared/schemas/transcripts';
import { formatCredits } from './format-credits';

const BADGES: Record<TranscriptResultItem['statusCode'], string> = {
  DIRECT: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  NEEDS_EVAL: 'bg-amber-100 text-amber-900 ring-amber-200',
  NO_TRANSFER: 'bg-rose-100 text-rose-800 ring-rose-200',
};

/** A report row's outcome as a badge, in the colours of its status (the student's report and the admin's view). */
export function ReportStatusBadge({ status, label }: { status: TranscriptResultItem['statusCode']; label: string }) {
  return <span className={`shrink-0 rounded-full px-3 py-1 text-xs font-bold ring-1 ${BADGES[status]}`}>{label}</span>;
}

/** "3 credits", "1 credit", "2.67 credits". */
export const creditCount = (value: number) => `${formatCredits(value)} ${value === 1 ? 'credit' : 'credits'}`;
