/**
 * The appeal lifecycle's words, in one place for the server (e-mails, refusals) and the web (badges, filters, charts):
 * submitted → in review → resolved, and a resolved appeal's decision.
 */
export const APPEAL_STATUSES = ['submitted', 'in_review', 'resolved'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
export const APPEAL_DECISIONS = ['approved', 'denied'] as const;
export type AppealDecision = (typeof APPEAL_DECISIONS)[number];

/** As a title or a badge: 'In review'. */
export const APPEAL_STATUS_LABELS: Readonly<Record<AppealStatus, string>> = { submitted: 'Submitted', in_review: 'In review', resolved: 'Resolved' };
export const APPEAL_DECISION_LABELS: Readonly<Record<AppealDecision, string>> = { approved: 'Approved', denied: 'Denied' };

/** Within a sentence (spec section 4: underscores read as spaces): "is now in review". Unknown values as written. */
export function statusLabel(status: string): string {
  const label = APPEAL_STATUS_LABELS[status as AppealStatus];
  return label ? label.toLowerCase() : status.replace(/_/g, ' ');
}

/** Either vocabulary (status or decision) as a title, for charts that count both. */
export function appealTermLabel(value: string): string {
  return APPEAL_STATUS_LABELS[value as AppealStatus] ?? APPEAL_DECISION_LABELS[value as AppealDecision] ?? value;
}
