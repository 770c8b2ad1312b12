/**
 * Rule health (issue 38, docs/decisions/151-rule-health.md): a nightly check in the jobs table finds rules that
 * conflict, rules naming a course a catalogue no longer lists (either side), rules past their end or without a start,
 * and the pairs students wait on most that no rule covers; the admin page lists each with its count, a CSV export and a
 * one-click fix that goes through equivalencies' commands (audited), after which the reports that relied on the rule
 * are decided again in the background.
 */
import { RULE_HEALTH_KINDS, RULE_HEALTH_LISTS, type RuleHealthAction, type RuleHealthFinding, type RuleHealthFindingsPage, type RuleHealthFixResult, type RuleHealthKind, type RuleHealthSummary } from '../../../shared/schemas/rule-health';
import type { Database, Queryable } from '../../db/client';
import { conflict, invalidField, notFound } from '../../domain-errors';
import { enqueueJob } from '../../jobs/job-queue';
import { letOthersRun } from '../../jobs/let-others-run';
import { currentTerm, deleteRules, describeCourses, describeTermRange, engineRule, formatTerm, formatCsvLine, parseTerm, setRuleTerms, termBefore, type RuleEditor } from '../equivalencies';
import { listMostAskedPairs } from '../evaluation-queue';
import { listReportsDecidedByRules } from '../transcripts';
import {
  checkQueued,
  countFindings,
  deleteFindings,
  findFinding,
  findingsCheckedAt,
  listFindings,
  listGroupRuleIds,
  listRuleGroupsWithDifferentTargets,
  listRulesWithMissingSources,
  listRulesWithMissingTargets,
  listRuleTerms,
  replaceFindings,
  ruleBatches,
  type RuleBatch,
  type FindingRow,
  type FindingToStore,
  type RuleGroupMember,
} from './rule-health.queries';

export const RULE_HEALTH_CHECK_JOB = 'rule-health.check';
export const RULE_HEALTH_REDECIDE_JOB = 'rule-health.redecide';
const PAGE_SIZE = 50;
/** How many of the pairs students wait on most the list keeps. */
const ASKED_PAIRS = 200;
/** The check runs at night, when registrars are not deciding: 03:00 UTC. */
const NIGHTLY_HOUR_UTC = 3;

/** Two rules' terms overlap when neither ends before the other starts (an open or unreadable bound is open). */
function termsOverlap(a: RuleGroupMember, b: RuleGroupMember): boolean {
  const ordinal = (term: string | null, open: number) => parseTerm(term)?.ordinal ?? open;
  return ordinal(a.effective_from_term, -Infinity) <= ordinal(b.effective_to_term, Infinity) && ordinal(b.effective_from_term, -Infinity) <= ordinal(a.effective_to_term, Infinity);
}

/** The conflicts: within each group, the rules that overlap in time with another rule naming something else. */
function conflictFindings(members: RuleGroupMember[]): FindingToStore[] {
  const groups = new Map<string, RuleGroupMember[]>();
  for (const member of members) {
    const key = `${member.from_institution_id}:${member.to_institution_id}:${member.origin}:${member.sources_key}`;
    groups.set(key, [...(groups.get(key) ?? []), member]);
  }
  const findings: FindingToStore[] = [];
  for (const [group, rules] of groups) {
    const differs = (a: RuleGroupMember, b: RuleGroupMember) => a.targets_key !== b.targets_key || a.transfers !== b.transfers;
    const conflicting = rules.filter((rule) => rules.some((other) => other !== rule && differs(rule, other) && termsOverlap(rule, other)));
    if (conflicting.length < 2) continue;
    for (const rule of conflicting) {
      findings.push({
        kind: 'conflict',
        ruleId: rule.id,
        group,
        fromInstitutionId: rule.from_institution_id,
        toInstitutionId: rule.to_institution_id,
        codeKey: rule.sources_key,
        detail: `${conflicting.length} ${rule.origin === 'csv' ? 'imported' : rule.origin} rules send this course here with different answers`,
        students: null,
      });
    }
  }
  return findings;
}

/**
 * The nightly check: every list computed again, a batch of rules per statement with others answered between them, and
 * stored at once (replaceFindings). Returns each list's size.
 */
export async function checkRuleHealth(db: Database, now: Date = new Date()): Promise<Record<RuleHealthKind, number>> {
  const term = currentTerm(now);
  const batches = await ruleBatches(db, RULES_PER_STATEMENT);
  const everyBatch = async <Row>(read: (batch: RuleBatch) => Promise<Row[]>) => {
    const rows: Row[] = [];
    for (const batch of batches) {
      rows.push(...(await read(batch)));
      await letOthersRun();
    }
    return rows;
  };
  const byRule = async <Row extends { id: number }>(read: (batch: RuleBatch) => Promise<Row[]>) => (await everyBatch(read)).sort((a, b) => a.id - b.id);
  // A conflict's rules share a school pair, so a batch holds each group whole, in the order conflictFindings reads.
  const groups = await everyBatch((batch) => listRuleGroupsWithDifferentTargets(db, batch));
  const findings: FindingToStore[] = conflictFindings(groups);
  for (const [kind, rows, side] of [
    ['missing-target', await byRule((batch) => listRulesWithMissingTargets(db, batch)), "receiving school's"],
    ['missing-source', await byRule((batch) => listRulesWithMissingSources(db, batch)), "sending school's"],
  ] as const) {
    for (const row of rows) {
      findings.push({ kind, ruleId: row.id, group: null, fromInstitutionId: row.from_id, toInstitutionId: row.to_id, codeKey: row.code_key, detail: `${row.course} is not in the ${side} catalogue`, students: null });
    }
  }
  for (const row of await byRule((batch) => listRuleTerms(db, batch))) {
    const end = parseTerm(row.to_term);
    const base = { ruleId: row.id, group: null, fromInstitutionId: row.from_id, toInstitutionId: row.to_id, codeKey: row.code_key, students: null };
    if (end && end.ordinal < term.ordinal) findings.push({ ...base, kind: 'expired', detail: `Ended ${formatTerm(end)}` });
    if (!parseTerm(row.from_term)) findings.push({ ...base, kind: 'no-start', detail: row.from_term ? `"${row.from_term}" is not a term` : 'No first term' });
  }
  for (const pair of await listMostAskedPairs(db, ASKED_PAIRS)) {
    findings.push({
      kind: 'asked',
      ruleId: null,
      group: null,
      fromInstitutionId: pair.from_id,
      toInstitutionId: pair.to_id,
      codeKey: pair.code_key,
      detail: `${pair.subject} ${pair.number} ${pair.title}`.trim(),
      students: pair.students,
    });
  }
  await replaceFindings(db, findings);
  return summarise(await countFindings(db));
}

/** About this many rules are read per statement of the check (see ruleBatches). */
const RULES_PER_STATEMENT = 10_000;

function summarise(rows: Array<{ kind: RuleHealthKind; count: number }>): Record<RuleHealthKind, number> {
  const counts = Object.fromEntries(RULE_HEALTH_KINDS.map((kind) => [kind, 0])) as Record<RuleHealthKind, number>;
  for (const row of rows) counts[row.kind] = row.count;
  return counts;
}

/** Asks for a check now (the page's "Check now"); one waiting or running check is enough. */
export async function requestRuleHealthCheck(db: Queryable): Promise<boolean> {
  if (await checkQueued(db, RULE_HEALTH_CHECK_JOB)) return false;
  await enqueueJob(db, { kind: RULE_HEALTH_CHECK_JOB, payload: {} });
  return true;
}

/** Seconds from now until the next night's check (03:00 UTC). */
export function secondsUntilNight(now: Date): number {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), NIGHTLY_HOUR_UTC));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return Math.round((next.getTime() - now.getTime()) / 1000);
}

/**
 * Keeps one check waiting for the coming night (a periodic task calls this hourly; every instance may, and the first
 * to find none queued adds it). A database never checked is checked now.
 */
export async function scheduleNightlyRuleHealthCheck(db: Queryable, now: Date = new Date()): Promise<void> {
  if (await checkQueued(db, RULE_HEALTH_CHECK_JOB)) return;
  const never = (await findingsCheckedAt(db)) === null;
  await enqueueJob(db, { kind: RULE_HEALTH_CHECK_JOB, payload: { nightly: true }, delaySeconds: never ? 0 : secondsUntilNight(now) });
}

export async function ruleHealthSummary(db: Queryable): Promise<RuleHealthSummary> {
  const [counts, checkedAt, checking] = await Promise.all([countFindings(db), findingsCheckedAt(db), checkQueued(db, RULE_HEALTH_CHECK_JOB)]);
  return { checkedAt: checkedAt?.toISOString() ?? null, checking, counts: summarise(counts) };
}

/** The one-click fixes each list offers, with the words on their buttons. */
function fixesFor(row: FindingRow, now: Date): RuleHealthFinding['fixes'] {
  switch (row.kind) {
    case 'conflict':
      return [{ action: 'keep', label: 'Keep this rule, remove the others' }];
    case 'missing-target':
    case 'missing-source':
      return [
        { action: 'end', label: `End it after ${formatTerm(termBefore(currentTerm(now)))}` },
        { action: 'delete', label: 'Delete the rule' },
      ];
    case 'expired':
      return [{ action: 'delete', label: 'Delete the rule' }];
    case 'no-start':
      return [{ action: 'start', label: `Start it from ${formatTerm(currentTerm(row.created_at ? new Date(row.created_at) : now))}` }];
    case 'asked':
      return [];
  }
}

function presentFinding(row: FindingRow, now: Date): RuleHealthFinding {
  const rule = row.rule ? engineRule(row.rule) : null;
  const targets = rule ? (rule.transfers ? describeCourses(rule.targets) : 'does not transfer') : '';
  return {
    id: row.id,
    kind: row.kind,
    ruleId: row.rule_id,
    group: row.group_key,
    fromInstitution: row.from_name,
    toInstitution: row.to_name,
    source: rule ? describeCourses(rule.sources) : row.detail,
    target: targets,
    origin: rule?.origin ?? null,
    terms: rule ? describeTermRange(rule.effectiveFromTerm, rule.effectiveToTerm) : '',
    detail: row.detail,
    students: row.students,
    fixes: fixesFor(row, now),
    pairKey: row.kind === 'asked' ? `${row.from_institution_id}:${row.to_institution_id}:${row.code_key}` : null,
  };
}

export async function listRuleHealthFindings(db: Queryable, query: { kind: RuleHealthKind; after: number; school?: string }, now: Date = new Date()): Promise<RuleHealthFindingsPage> {
  const rows = await listFindings(db, { ...query, limit: PAGE_SIZE + 1 });
  const shown = rows.slice(0, PAGE_SIZE);
  return { kind: query.kind, findings: shown.map((row) => presentFinding(row, now)), next: rows.length > PAGE_SIZE ? shown.at(-1)!.id : null };
}

/** Every finding of a list as CSV lines, a page at a time (a list may hold every rule of a state). */
export async function* ruleHealthCsv(db: Queryable, { kind, school }: { kind: RuleHealthKind; school?: string }, now: Date = new Date()): AsyncGenerator<string> {
  yield `${formatCsvLine(['list', 'sending_school', 'source', 'receiving_school', 'target', 'origin', 'terms', 'problem', 'students', 'rule_id'])}\r\n`;
  for (let after = 0; ; ) {
    const rows = await listFindings(db, { kind, school, after, limit: 1000 });
    if (rows.length === 0) return;
    yield rows
      .map((row) => presentFinding(row, now))
      .map((finding) => `${formatCsvLine([RULE_HEALTH_LISTS[kind].title, finding.fromInstitution, finding.source, finding.toInstitution, finding.target, finding.origin ?? '', finding.terms, finding.detail, finding.students === null ? '' : String(finding.students), finding.ruleId === null ? '' : String(finding.ruleId)])}\r\n`)
      .join('');
    after = rows.at(-1)!.id;
  }
}

/**
 * Applies a finding's fix: keep one rule of a conflict (the others deleted), end a rule after the last term, delete
 * it, or give it the term it was entered in as its start. The findings it settles leave their lists at once, and the
 * reports that relied on the rules changed are decided again in the background.
 */
export async function fixRuleHealthFinding(db: Database, input: { findingId: number; action: RuleHealthAction; editor: RuleEditor }, now: Date = new Date()): Promise<RuleHealthFixResult> {
  const finding = await findFinding(db, input.findingId);
  if (!finding || finding.rule_id === null) throw notFound('This finding is gone: the rule was changed or removed since the list was shown. Reload the list.');
  const offered = fixesFor(finding, now).map((fix) => fix.action);
  if (!offered.includes(input.action)) throw invalidField('action', `a ${RULE_HEALTH_LISTS[finding.kind].title.toLowerCase()} finding is fixed with ${offered.join(' or ')}`);
  const ruleId = finding.rule_id;
  const why = `Rule health: ${RULE_HEALTH_LISTS[finding.kind].title}`;
  const affected = input.action === 'keep' ? (await listGroupRuleIds(db, finding.group_key ?? '')).filter((id) => id !== ruleId) : [ruleId];
  const reports = await listReportsDecidedByRules(db, affected);
  const changed = await db.transaction(async (tx) => {
    if (input.action === 'keep' || input.action === 'delete') return deleteRules(tx, affected, input.editor, why);
    const terms = input.action === 'end' ? { effectiveTo: formatTerm(termBefore(currentTerm(now))) } : { effectiveFrom: formatTerm(currentTerm(finding.created_at ? new Date(finding.created_at) : now)) };
    const done = await setRuleTerms(tx, ruleId, terms, input.editor, why);
    // This finding is settled; the rule's others (ending it makes it expired) wait for the next check.
    if (done) await deleteFindings(tx, { ids: [finding.id] });
    return done ? 1 : 0;
  });
  if (changed === 0) throw conflict('The rule was changed or removed meanwhile: reload the list.');
  if (input.action === 'keep') await deleteFindings(db, { group: finding.group_key ?? '' });
  if (reports.length > 0) await enqueueJob(db, { kind: RULE_HEALTH_REDECIDE_JOB, payload: { transcriptIds: reports } });
  return { rules: changed, reports: reports.length };
}
