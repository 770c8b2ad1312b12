import type { AdminAppeal, AppealStatus, CreateRuleFromAppeal, UpdateAppealInput } from '../../../shared/schemas/admin';
import { statusLabel } from '../../../shared/schemas/admin';
import { recordAudit } from '../../audit/audit-log';
import type { Database, Queryable } from '../../db/client';
import type { SignedInUser } from '../../http/app-env';
import { HttpError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { findAppeal, presentAppeal, type AppealRow } from './admin-appeals.queries';

const STATUS_TITLES: Record<AppealStatus, string> = { submitted: 'Submitted', in_review: 'In review', resolved: 'Resolved' };

/**
 * An admin moves an appeal to any status (spec section 4) with their notes. In one transaction: the optimistic-lock
 * check, the update, the appeal_events row, the audit row and, when approved with a target course, the equivalency
 * rule the appeal argued for. The student is e-mailed after the commit.
 */
export async function updateAppeal(
  deps: { db: Database; mailer: Mailer; appUrl: string },
  input: UpdateAppealInput & { actor: SignedInUser; ipAddress: string },
): Promise<AdminAppeal> {
  const decision = input.status === 'resolved' ? (input.decision ?? null) : null;
  if (input.createRule && !(input.status === 'resolved' && decision === 'approved')) {
    throw new HttpError(400, 'createRule: a rule can only be created when the appeal is resolved as approved.');
  }
  const { before, after } = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.query<{ id: string; status: AppealStatus; version: number; created_rule_id: number | null }>(
      `select id, status, version, created_rule_id from appeals where id = $1 and user_id = $2 for update`,
      [input.appealId, input.userId],
    );
    if (!locked) throw new HttpError(404, 'No such appeal for this student.');
    if (input.expectedVersion !== undefined && input.expectedVersion !== locked.version) {
      throw new HttpError(409, 'Someone else updated this appeal after you opened it. Reload it to see their changes, then try again.', {
        currentVersion: locked.version,
      });
    }
    const current = await findAppeal(tx, input.appealId);
    if (!current) throw new HttpError(404, 'No such appeal for this student.');
    let ruleId = locked.created_rule_id;
    if (input.createRule && ruleId === null) ruleId = await createRuleFromAppeal(tx, current, input.createRule, input.actor.id);

    await tx.query(
      `update appeals set status = $2, admin_notes = $3, decision = $4,
              student_message = case when $5::boolean then $6 else student_message end,
              created_rule_id = $7, version = version + 1, updated_at = now()
        where id = $1`,
      [input.appealId, input.status, input.adminNotes, decision, input.studentMessage !== undefined, input.studentMessage ?? null, ruleId],
    );
    await tx.query(
      `insert into appeal_events (appeal_id, actor_id, actor_name, from_status, to_status, decision, notes, student_message)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [input.appealId, input.actor.id, input.actor.name || input.actor.email, locked.status, input.status, decision, input.adminNotes, input.studentMessage || null],
    );
    await recordAudit(tx, {
      actor: { id: input.actor.id, email: input.actor.email },
      action: 'appeal_status_changed',
      subjectType: 'appeal',
      subjectId: input.appealId,
      studentId: current.user_id,
      details: { from: locked.status, to: input.status, decision, createdRuleId: ruleId !== locked.created_rule_id ? ruleId : undefined },
      ipAddress: input.ipAddress,
    });
    const updated = await findAppeal(tx, input.appealId);
    if (!updated) throw new HttpError(404, 'No such appeal for this student.');
    return { before: current, after: updated };
  });

  if (before.status !== after.status || input.studentMessage) await emailStudent(deps, after, input.studentMessage ?? null);
  return presentAppeal(after);
}

/** The rule the appeal argued for: the appeal's course at its school counts as the admin's target course at the destination. */
async function createRuleFromAppeal(tx: Queryable, appeal: AppealRow, target: CreateRuleFromAppeal, actorId: string): Promise<number> {
  // Appeals from the student form name the schools as text: find them by name or alias as the search does.
  const fromId = appeal.from_institution_id ?? (await institutionByName(tx, appeal.current_school || appeal.student_school));
  const toId = appeal.to_institution_id ?? (await institutionByName(tx, appeal.target_school));
  if (!fromId || !toId) {
    throw new HttpError(400, 'createRule: this appeal does not name both schools as known institutions, so no rule can be made from it. Add the rule on the Transfer data page.');
  }
  const source = sourceCode(appeal);
  if (!source) throw new HttpError(400, `createRule: the appeal's course code "${appeal.course_code}" has no subject and number.`);
  const credits = target.credits ?? null;
  const [rule] = await tx.query<{ id: number }>(
    `insert into equivalency_rules (from_institution_id, to_institution_id, transfers, credits_awarded, origin, notes, fingerprint, created_by)
     values ($1, $2, true, $3, 'appeal', $4, $5, $6)
     on conflict (fingerprint) do nothing returning id`,
    [fromId, toId, credits, `Approved appeal ${appeal.id}`, `appeal:${appeal.id}`, actorId],
  );
  if (!rule) {
    // Approved before, its link since cleared: the rule it made still exists under the appeal's fingerprint.
    const [existing] = await tx.query<{ id: number }>(`select id from equivalency_rules where fingerprint = $1`, [`appeal:${appeal.id}`]);
    if (!existing) throw new Error('rule insert returned nothing');
    return existing.id;
  }
  await tx.query(
    `insert into equivalency_rule_sources (rule_id, position, from_institution_id, subject, number, title) values ($1, 0, $2, $3, $4, $5)`,
    [rule.id, fromId, source.subject, source.number, appeal.course_name],
  );
  await tx.query(
    `insert into equivalency_rule_targets (rule_id, position, subject, number, title, credits) values ($1, 0, $2, $3, $4, $5)`,
    [rule.id, target.targetSubject.toUpperCase(), target.targetNumber.toUpperCase(), target.targetTitle || null, credits],
  );
  return rule.id;
}

async function institutionByName(tx: Queryable, name: string): Promise<number | null> {
  if (!name.trim()) return null;
  const [row] = await tx.query<{ institution_id: number }>(
    `select institution_id from institution_aliases
      where alias_normalized = regexp_replace(replace(lower($1), '&', 'and'), '[^a-z0-9]', '', 'g')`,
    [name],
  );
  return row?.institution_id ?? null;
}

function sourceCode(appeal: AppealRow): { subject: string; number: string } | null {
  if (appeal.subject && appeal.number) return { subject: appeal.subject, number: appeal.number };
  const match = /^\s*([A-Za-z]{2,5})\s*-?\s*(\d{3,4}[A-Za-z]?)\s*$/.exec(appeal.course_code);
  return match?.[1] && match[2] ? { subject: match[1].toUpperCase(), number: match[2].toUpperCase() } : null;
}

async function emailStudent(deps: { mailer: Mailer; appUrl: string }, appeal: AppealRow, studentMessage: string | null) {
  const course = appeal.course_code ? `${appeal.course_code} ${appeal.course_name}`.trim() : appeal.course_name;
  const link = `${deps.appUrl.replace(/\/$/, '')}/student/appeals/${appeal.id}`;
  const lines = [
    `Hello ${appeal.student_name || 'there'},`,
    '',
    `Your transfer appeal for ${course} at ${appeal.target_school} is now ${statusLabel(appeal.status)}.`,
    ...(appeal.status === 'resolved' && appeal.decision ? [`Decision: ${appeal.decision}.`] : []),
    ...(studentMessage ? ['', 'A message from the transfer office:', studentMessage] : []),
    '',
    `See your appeal: ${link}`,
  ];
  await deps.mailer.send({
    to: appeal.account_email,
    subject: `Your appeal for ${course} is now ${STATUS_TITLES[appeal.status]}`,
    text: lines.join('\n'),
    category: 'appeal-update',
  });
}
