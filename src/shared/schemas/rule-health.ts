import { z } from 'zod';

/**
 * Rule health (issue 38, docs/decisions/151-rule-health.md): what the nightly check finds wrong with the equivalency
 * rules, and the one-click fixes. The API contract for the admin routes and pages.
 */

export const RULE_HEALTH_KINDS = ['conflict', 'missing-target', 'missing-source', 'expired', 'no-start', 'asked'] as const;
export type RuleHealthKind = (typeof RULE_HEALTH_KINDS)[number];

/** Each list's name and what it holds, as the page, the hub and the CSV say it. */
export const RULE_HEALTH_LISTS: Record<RuleHealthKind, { title: string; description: string }> = {
  conflict: {
    title: 'Conflicting rules',
    description: 'The same course to the same school with different courses, at the same authority, in effect at the same time: keep the right one.',
  },
  'missing-target': { title: 'Target no longer offered', description: "Rules naming a course the receiving school's catalogue no longer lists." },
  'missing-source': { title: 'Source no longer offered', description: "Rules for a course the sending school's catalogue no longer lists." },
  expired: { title: 'Past their end date', description: 'Rules whose last term has passed: they no longer decide anything.' },
  'no-start': { title: 'No start date', description: 'Rules that do not say from which term they apply.' },
  asked: { title: 'Asked about, no rule', description: 'The courses students are waiting on most that no rule covers yet.' },
};

export const ruleHealthKindSchema = z.enum(RULE_HEALTH_KINDS, { error: `must be one of ${RULE_HEALTH_KINDS.join(', ')}` });

const schoolFilter = z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().min(2, 'school: type at least 2 letters').max(200).optional());

export const ruleHealthFindingsQuerySchema = z.object({
  kind: ruleHealthKindSchema,
  /** Keyset cursor: the last finding's id on the previous page. */
  after: z.coerce.number('after must be a number').int().min(0).default(0),
  /** Only findings whose sending or receiving school's name contains this. */
  school: schoolFilter,
});
export type RuleHealthFindingsQuery = z.infer<typeof ruleHealthFindingsQuerySchema>;

export const ruleHealthExportQuerySchema = z.object({ kind: ruleHealthKindSchema, school: schoolFilter });

export const RULE_HEALTH_ACTIONS = ['keep', 'delete', 'end', 'start'] as const;
export type RuleHealthAction = (typeof RULE_HEALTH_ACTIONS)[number];

export const ruleHealthFixSchema = z.object({
  findingId: z.number('findingId must be a number').int().positive(),
  action: z.enum(RULE_HEALTH_ACTIONS, { error: `action must be one of ${RULE_HEALTH_ACTIONS.join(', ')}` }),
});
export type RuleHealthFix = z.infer<typeof ruleHealthFixSchema>;

export interface RuleHealthSummary {
  /** When the last check finished (ISO), or null before the first. */
  checkedAt: string | null;
  /** A check is waiting or running. */
  checking: boolean;
  /** Conflicts count courses (groups of rules); the other lists count rules, or pairs for "asked". */
  counts: Record<RuleHealthKind, number>;
}

export interface RuleHealthFinding {
  id: number;
  kind: RuleHealthKind;
  ruleId: number | null;
  /** Rules of one conflict share it. */
  group: string | null;
  fromInstitution: string;
  toInstitution: string;
  /** "ECO 2013 Principles of Macroeconomics" (+ more courses). */
  source: string;
  /** What the rule names at the destination, or "does not transfer"; empty for a pair no rule covers. */
  target: string;
  origin: string | null;
  /** "Fall 2019 – Spring 2021", "from Fall 2019", "no dates". */
  terms: string;
  detail: string;
  students: number | null;
  /** The one-click fixes this finding offers, with the words on their buttons. */
  fixes: Array<{ action: RuleHealthAction; label: string }>;
  /** For "asked": the evaluation queue's key of the pair, to decide it there. */
  pairKey: string | null;
}

export interface RuleHealthFindingsPage {
  kind: RuleHealthKind;
  findings: RuleHealthFinding[];
  /** The cursor of the next page, or null at the end. */
  next: number | null;
}

export interface RuleHealthFixResult {
  /** Rules changed or removed. */
  rules: number;
  /** Reports that relied on them, decided again in the background. */
  reports: number;
}
