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

/** Spec section 9's promise: a student hears back within this many business days of sending an appeal. */
export const APPEAL_REVIEW_BUSINESS_DAYS = 3;

/**
 * When an appeal is due: the end of the day (UTC) that is 3 business days (Monday to Friday; public holidays are not
 * known) after the day it was submitted. A Saturday or Sunday appeal counts from the Monday after.
 */
export function appealDueDate(submittedAt: Date | string): Date {
  const due = new Date(submittedAt);
  due.setUTCHours(23, 59, 59, 999);
  let added = 0;
  while (added < APPEAL_REVIEW_BUSINESS_DAYS) {
    due.setUTCDate(due.getUTCDate() + 1);
    const weekday = due.getUTCDay();
    if (weekday !== 0 && weekday !== 6) added++;
  }
  return due;
}

/** An open appeal (not resolved) whose due date has passed. */
export function isAppealOverdue(appeal: { status: AppealStatus; createdAt: string }, now: Date = new Date()): boolean {
  return appeal.status !== 'resolved' && appealDueDate(appeal.createdAt).getTime() < now.getTime();
}
