/**
 * Identity and content of a stored rule, independent of how the file spelled the schools: the import resolves
 * 'UW-Madison' and 'University of Wisconsin-Madison' to one institution id, and the stored fingerprint is built from
 * the ids, so an export (which writes the schools' own names) imports back as unchanged. Pure: no I/O.
 */
import { courseKey, formatCourseCode } from './engine/course-code';
import { ruleFingerprint, stableHash, type CreditRange, type DraftSourceCourse, type DraftTargetCourse, type ParsedRuleDraft } from './engine/csv-import-format';

export interface RuleContent {
  sources: DraftSourceCourse[];
  targets: DraftTargetCourse[];
  transfers: boolean;
  minGrade: string | null;
  effectiveFrom: string | null;
  effectiveTo: string | null;
  notes: string | null;
}

/** The value of equivalency_rules.fingerprint for a rule between two known schools. */
export function storedRuleFingerprint(fromInstitutionId: number, toInstitutionId: number, rule: Pick<RuleContent, 'sources' | 'targets'>): string {
  return ruleFingerprint({ sourceUniversity: `#${fromInstitutionId}`, targetUniversity: `#${toInstitutionId}`, sources: rule.sources, targets: rule.targets });
}

const byKey = <T extends { subject: string; number: string }>(items: T[]) => [...items].sort((a, b) => courseKey(a).localeCompare(courseKey(b)));

/** The value of equivalency_rules.content_hash: everything a re-import could change. */
export function storedRuleContentHash(fingerprint: string, rule: RuleContent): string {
  return stableHash(
    JSON.stringify([
      fingerprint,
      byKey(rule.sources).map((s) => [courseKey(s), s.subject, s.number, s.title ?? null, s.credits ?? null]),
      byKey(rule.targets).map((t) => [courseKey(t), t.subject, t.number, t.title ?? null, t.credits ?? null, t.creditRange ? `${t.creditRange.min}-${t.creditRange.max}` : null, t.isElective]),
      rule.transfers,
      rule.minGrade ?? null,
      rule.effectiveFrom ?? null,
      rule.effectiveTo ?? null,
      rule.notes ?? null,
    ]),
  );
}

/**
 * Both of the above in one pass, for the import's hot loop: each course key is computed once and a one-course side
 * is not copied and sorted. The values are exactly those of storedRuleFingerprint and storedRuleContentHash (stored
 * rules are compared against them; rule-identity.test.ts pins them).
 */
export function storedRuleIdentity(fromInstitutionId: number, toInstitutionId: number, rule: RuleContent): { fingerprint: string; contentHash: string } {
  const sources = keyed(rule.sources);
  const targets = keyed(rule.targets);
  const fingerprint = stableHash(`#${fromInstitutionId}|${joinKeys(sources)}|#${toInstitutionId}|${joinKeys(targets)}`);
  let body = `[${JSON.stringify(fingerprint)},[`;
  sortByKey(sources).forEach(({ key, course }, index) => {
    body += `${index ? ',' : ''}[${JSON.stringify(key)},${JSON.stringify(course.subject)},${JSON.stringify(course.number)},${jsonOrNull(course.title)},${jsonOrNull(course.credits)}]`;
  });
  body += '],[';
  sortByKey(targets).forEach(({ key, course }, index) => {
    const range = course.creditRange ? JSON.stringify(`${course.creditRange.min}-${course.creditRange.max}`) : 'null';
    body += `${index ? ',' : ''}[${JSON.stringify(key)},${JSON.stringify(course.subject)},${JSON.stringify(course.number)},${jsonOrNull(course.title)},${jsonOrNull(course.credits)},${range},${course.isElective}]`;
  });
  body += `],${rule.transfers},${jsonOrNull(rule.minGrade)},${jsonOrNull(rule.effectiveFrom)},${jsonOrNull(rule.effectiveTo)},${jsonOrNull(rule.notes)}]`;
  return { fingerprint, contentHash: stableHash(body) };
}

const keyed = <T extends { subject: string; number: string }>(courses: T[]) => courses.map((course) => ({ key: courseKey(course), course }));
// ruleFingerprint sorts the keys as strings (code-unit order); the content hash sorts courses with localeCompare.
const joinKeys = (courses: Array<{ key: string }>) => (courses.length === 1 ? courses[0]!.key : courses.map(({ key }) => key).sort().join('+'));
const sortByKey = <T extends { key: string }>(courses: T[]) => (courses.length < 2 ? courses : [...courses].sort((a, b) => a.key.localeCompare(b.key)));
// JSON.stringify writes undefined as null inside an array, as the ?? null above does.
const jsonOrNull = (value: string | number | null | undefined) => (value === null || value === undefined ? 'null' : JSON.stringify(value));

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

/** What the draft awards, as a preview shows it. */
export function describeCredits(draft: Pick<ParsedRuleDraft, 'targets' | 'creditsAwarded' | 'transfers'>): string {
  if (!draft.transfers) return '0';
  if (draft.creditsAwarded !== null) return String(draft.creditsAwarded);
  return draft.targets.map((target) => formatCreditRange(target.creditRange) ?? (target.credits === null ? '' : String(target.credits))).filter(Boolean).join(' + ');
}

/** A lower-case, dash-separated institution key from a name: 'UW-Oshkosh' -> 'uw-oshkosh'. */
export function institutionKeyFromName(name: string): string {
  const key = name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/g, '');
  return key || 'school';
}

/** The normalised form institution_aliases.alias_normalized holds (the same rule as the seed's normalizeAlias). */
export function normalizeInstitutionAlias(name: string): string {
  return name.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]/g, '');
}
