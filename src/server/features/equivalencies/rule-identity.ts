/**
 * Identity and content of a stored rule, independent of how the file spelled the schools: the import resolves
 * 'UW-Madison' and 'University of Wisconsin-Madison' to one institution id, and the stored fingerprint is built from
 * the ids, so an export (which writes the schools' own names) imports back as unchanged. Pure: no I/O.
 */
import { ruleIdentityCourseKey, formatCourseCode } from '../catalogue';
import { StableHasher, stableHash, type CreditRange, type CreditUnit, type DraftSourceCourse, type DraftTargetCourse, type ParsedRuleDraft } from './engine/csv-import-format';
import type { RuleClass } from './engine/verdict-class';

export interface RuleContent {
  sources: DraftSourceCourse[];
  targets: DraftTargetCourse[];
  transfers: boolean;
  minGrade: string | null;
  effectiveFrom: string | null;
  effectiveTo: string | null;
  notes: string | null;
  /** Quarter or semester units, when the file said; absent or null for most rules. */
  creditUnit?: CreditUnit | null;
  /** What the rule gives, when the file said (its equivalency_type); absent or null for most rules. */
  statedClass?: RuleClass | null;
  /** Who approved the rule and on which day, when the file said; absent or null for most rules. */
  approvedBy?: string | null;
  approvedOn?: string | null;
}

interface KeyedCourse<T> {
  key: string;
  course: T;
}

const keyed = <T extends { subject: string; number: string }>(courses: T[]): Array<KeyedCourse<T>> =>
  courses.map((course) => ({ key: ruleIdentityCourseKey(course), course }));
// The fingerprint sorts the keys as strings (code-unit order, as the engine's ruleFingerprint does); the content hash
// sorts courses with localeCompare. A one-course side is neither copied nor sorted.
const joinKeys = (courses: Array<KeyedCourse<unknown>>) => (courses.length === 1 ? courses[0]!.key : courses.map(({ key }) => key).sort().join('+'));
const sortByKey = <T>(courses: Array<KeyedCourse<T>>) => (courses.length < 2 ? courses : [...courses].sort((a, b) => a.key.localeCompare(b.key)));
function fingerprintOf(fromInstitutionId: number, toInstitutionId: number, sources: Array<KeyedCourse<unknown>>, targets: Array<KeyedCourse<unknown>>): string {
  return stableHash(`#${fromInstitutionId}|${joinKeys(sources)}|#${toInstitutionId}|${joinKeys(targets)}`);
}

/**
 * The hash of the JSON array [fingerprint, sources, targets, transfers, minGrade, effectiveFrom, effectiveTo, notes],
 * each course an array of its fields, fed to the hasher piece by piece rather than written out first (the import does
 * this for every rule; the text was a sixth of its garbage). rule-identity.test.ts checks it against the JSON text.
 */
function contentHashOf(fingerprint: string, sources: Array<KeyedCourse<DraftSourceCourse>>, targets: Array<KeyedCourse<DraftTargetCourse>>, rule: RuleContent): string {
  const hash = new StableHasher().text('[').json(fingerprint).text(',[');
  // The fields every course has, opening its array: [key, subject, number, title, credits
  const courseFields = ({ key, course }: KeyedCourse<DraftSourceCourse | DraftTargetCourse>, index: number) =>
    hash.text(index ? ',[' : '[').json(key).text(',').json(course.subject).text(',').json(course.number).text(',').json(course.title).text(',').json(course.credits);
  sortByKey(sources).forEach((source, index) => courseFields(source, index).text(']'));
  hash.text('],[');
  sortByKey(targets).forEach((target, index) => {
    courseFields(target, index).text(',').json(formatCreditRange(target.course.creditRange)).text(',').json(target.course.isElective).text(']');
  });
  hash.text('],').json(rule.transfers).text(',').json(rule.minGrade).text(',').json(rule.effectiveFrom).text(',').json(rule.effectiveTo);
  hash.text(',').json(rule.notes);
  // Only a rule whose file named its units hashes them: every other rule keeps the value it was stored with.
  if (rule.creditUnit) hash.text(',').json(rule.creditUnit);
  // Likewise the class a file states (migration 0110), after the units; a rule stating none keeps its stored hash.
  if (rule.statedClass) hash.text(',').json(`class:${rule.statedClass}`);
  // And the approval a file states (migration 0152), last: a rule stating none keeps its stored hash.
  if (rule.approvedBy) hash.text(',').json(`approved by:${rule.approvedBy}`);
  if (rule.approvedOn) hash.text(',').json(`approved on:${rule.approvedOn}`);
  return hash.text(']').digest();
}

/** The value of equivalency_rules.fingerprint for a rule between two known schools. */
export function storedRuleFingerprint(fromInstitutionId: number, toInstitutionId: number, rule: Pick<RuleContent, 'sources' | 'targets'>): string {
  return fingerprintOf(fromInstitutionId, toInstitutionId, keyed(rule.sources), keyed(rule.targets));
}

/** The value of equivalency_rules.content_hash: everything a re-import could change. */
export function storedRuleContentHash(fingerprint: string, rule: RuleContent): string {
  return contentHashOf(fingerprint, keyed(rule.sources), keyed(rule.targets), rule);
}

/**
 * Both of the above, for the import's hot loop: each course key is computed once. Stored rules are compared against
 * these values, so they must never change; rule-identity.test.ts pins them.
 */
export function storedRuleIdentity(fromInstitutionId: number, toInstitutionId: number, rule: RuleContent): { fingerprint: string; contentHash: string } {
  const sources = keyed(rule.sources);
  const targets = keyed(rule.targets);
  const fingerprint = fingerprintOf(fromInstitutionId, toInstitutionId, sources, targets);
  return { fingerprint, contentHash: contentHashOf(fingerprint, sources, targets, rule) };
}

/** "1-3" as stored in equivalency_rule_targets.credits_text back to a range. */
export function readCreditRange(text: string | null): CreditRange | null {
  const match = text ? /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(text) : null;
  return match ? { min: Number(match[1]), max: Number(match[2]) } : null;
}

export const formatCreditRange = (range: CreditRange | null) => (range ? `${range.min}-${range.max}` : null);

/** Short text for a preview row: "ECO 2013 Principles of Macroeconomics + ECO 2013L". */
export function describeCourses(courses: Array<{ subject: string; number: string; title: string | null }>): string {
  return courses.map((course) => [formatCourseCode(course), course.title].filter(Boolean).join(' ')).join(' + ');
}

/** Who approved a rule and when, as the clerk reads it ("J. Smith, 2024-05-01"); null when the table did not say. */
export function describeApproval(rule: { approvedBy?: string | null; approvedOn?: string | null }): string | null {
  const parts = [rule.approvedBy, rule.approvedOn].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** What the draft awards, as a preview shows it. */
export function describeCredits(draft: Pick<ParsedRuleDraft, 'targets' | 'creditsAwarded' | 'transfers'> & { creditUnit?: CreditUnit | null }): string {
  if (!draft.transfers) return '0';
  const amount =
    draft.creditsAwarded !== null
      ? String(draft.creditsAwarded)
      : draft.targets.map((target) => formatCreditRange(target.creditRange) ?? (target.credits === null ? '' : String(target.credits))).filter(Boolean).join(' + ');
  return amount && draft.creditUnit ? `${amount} ${creditUnitWords(draft.creditUnit)}` : amount;
}

/** "quarter units" / "semester units": how credits in a named system are shown wherever credits are. */
export const creditUnitWords = (unit: CreditUnit) => `${unit} units`;

/** What a rule says besides its courses, as stored and as written. */
export interface RuleSettings {
  transfers: boolean;
  creditsAwarded: number | null;
  minGrade: string | null;
  effectiveFrom: string | null;
  effectiveTo: string | null;
  notes: string | null;
  creditUnit: CreditUnit | null;
  statedClass: RuleClass | null;
  approvedBy: string | null;
  approvedOn: string | null;
}

/** A stored rule's content, as `describeRuleChanges` compares it with a file's rule. */
export interface ComparableRule extends RuleSettings {
  sources: Array<{ subject: string; number: string; title: string | null; credits: number | null }>;
  targets: Array<{ subject: string; number: string; title: string | null; credits: number | null; creditsText: string | null; isElective: boolean }>;
}

const shown = (value: string | number | boolean | null, empty = 'none') => {
  if (value === null || value === '') return empty;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = String(value);
  return typeof value === 'string' ? `"${text.length > 60 ? `${text.slice(0, 57)}…` : text}"` : text;
};

/**
 * What saving a file's rule changes in the stored rule with the same identity (schools and course codes), in words a
 * clerk checks before confirming: "credits 3 → 4", "ECO 2013's title "Macro" → "Macroeconomics"".
 */
export function describeRuleChanges(stored: ComparableRule, draft: ParsedRuleDraft): string[] {
  const changes: string[] = [];
  const field = (label: string, before: string | number | boolean | null, after: string | number | boolean | null) => {
    if ((before ?? null) !== (after ?? null)) changes.push(`${label} ${shown(before)} → ${shown(after)}`);
  };
  field('transfers', stored.transfers, draft.transfers);
  field('credits', stored.creditsAwarded, draft.creditsAwarded);
  field('minimum grade', stored.minGrade, draft.minGrade);
  field('effective from', stored.effectiveFrom, draft.effectiveFrom);
  field('effective to', stored.effectiveTo, draft.effectiveTo);
  field('notes', stored.notes, draft.notes);
  field('units', stored.creditUnit, draft.creditUnit);
  field('kind of transfer', stored.statedClass, draft.statedClass);
  field('approved by', stored.approvedBy, draft.approvedBy);
  field('approved on', stored.approvedOn, draft.approvedOn);
  const storedSources = new Map(stored.sources.map((course) => [ruleIdentityCourseKey(course), course]));
  for (const source of draft.sources) {
    const before = storedSources.get(ruleIdentityCourseKey(source));
    if (!before) continue;
    field(`${formatCourseCode(source)}'s title`, before.title, source.title);
    field(`${formatCourseCode(source)}'s credits`, before.credits, source.credits);
  }
  const storedTargets = new Map(stored.targets.map((course) => [ruleIdentityCourseKey(course), course]));
  for (const target of draft.targets) {
    const before = storedTargets.get(ruleIdentityCourseKey(target));
    if (!before) continue;
    field(`${formatCourseCode(target)}'s title`, before.title, target.title);
    field(`${formatCourseCode(target)}'s credits`, before.creditsText ?? before.credits, formatCreditRange(target.creditRange) ?? target.credits);
    field(`${formatCourseCode(target)} as elective credit`, before.isElective, target.isElective);
  }
  return changes;
}
