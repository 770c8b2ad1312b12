import { APPEAL_STATUSES, statusLabel, type AppealStatus } from '@shared/schemas/admin';
import { APPEAL_DECISION_LABELS, type AppealDecision, isAppealOverdue } from '@shared/schemas/appeal-status';

/**
 * How the web app names an appeal's status and decision: the one place every page reads it from (the admin
 * workflow, the hub queue, the student directory, the student hub and the appeal page, the data overview).
 * The words come from src/shared's vocabulary; point this file at it when the vocabulary moves.
 */
export { APPEAL_STATUSES, isAppealOverdue, type AppealStatus };

/**
 * What the student reads as an appeal's state, like the status words (lower case; pages capitalise it with CSS): its
 * decision once resolved ('approved', 'denied'), else its status ('submitted', 'in review').
 */
export function appealOutcomeText(appeal: { status: AppealStatus; decision: AppealDecision | null }): string {
  return appeal.status === 'resolved' && appeal.decision ? APPEAL_DECISION_LABELS[appeal.decision].toLowerCase() : appealStatusText(appeal.status);
}

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
