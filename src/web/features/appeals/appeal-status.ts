import { APPEAL_STATUSES, statusLabel, type AppealStatus } from '@shared/schemas/admin';

/**
 * How the web app names an appeal's status and decision: the one place every page reads it from (the admin
 * workflow, the hub queue, the student directory, the student hub and the appeal page, the data overview).
 * The words come from src/shared's vocabulary; point this file at it when the vocabulary moves.
 */
export { APPEAL_STATUSES, type AppealStatus };

/** Spec section 4: the status as shown, underscores as spaces ('in_review' → 'in review'); pages capitalise it with CSS. */
export const appealStatusText = (status: string) => statusLabel(status);

/** A status or a decision as a sentence-case label for charts and filters ('in_review' → 'In review', 'approved' → 'Approved'). */
export function appealStatusTitle(statusOrDecision: string): string {
  const text = appealStatusText(statusOrDecision);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The badge colours of each status in the admin workflow. */
export const APPEAL_STATUS_BADGE_STYLES: Record<AppealStatus, string> = {
  submitted: 'bg-amber-50 text-amber-900 ring-amber-200',
  in_review: 'bg-brand-50 text-brand-900 ring-brand-200',
  resolved: 'bg-green-50 text-green-900 ring-green-200',
};
