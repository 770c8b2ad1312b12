import type { TranscriptResultItem } from '@shared/schemas/transcripts';
import { VerdictBadge } from '../../components/ui/verdict-badge';
import { formatCredits } from './format-credits';

/** Parts of a report row that the student's report and the admin's view share. */

/**
 * A report row's outcome as a badge, by its verdict class (the student's report and the admin's view): the spec's
 * 'Direct Transfer', 'Needs Review', 'No Transfer', or the class's own words (elective credit, no credit…).
 */
export function ReportStatusBadge({ item }: { item: Pick<TranscriptResultItem, 'verdictClass'> }) {
  return <VerdictBadge verdictClass={item.verdictClass} report size="md" />;
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
