/**
 * What every new appeal must pass, whichever screen sends it (the transcript report's dialog, the /student/appeal
 * form): one open appeal per course and destination for a student, and at most MAX_APPEALS_PER_HOUR an hour, so a
 * double tap or a script cannot fill the clerks' queue. Called inside the transaction that inserts the appeal.
 */
import type { Queryable } from '../../db/client';
import { HttpError } from '../../http/errors';

export const MAX_APPEALS_PER_HOUR = 30;

const STATUS_WORDS: Record<string, string> = { submitted: 'submitted', in_review: 'in review' };

export async function refuseRepeatedAppeal(
  tx: Queryable,
  input: { userId: string; courseCode: string; targetSchool: string; toInstitutionId: number | null },
): Promise<void> {
  // One student's submissions one at a time, so two taps cannot both pass the check (PostgreSQL; PGlite has one connection).
  await tx.query(`select pg_advisory_xact_lock(hashtext('appeal:' || $1))`, [input.userId]);
  const [open] = await tx.query<{ course_code: string; target_school: string; status: string }>(
    `select course_code, target_school, status from appeals
      where user_id = $1 and status <> 'resolved'
        and upper(regexp_replace(course_code, '\\s+', '', 'g')) = upper(regexp_replace($2, '\\s+', '', 'g'))
        and (to_institution_id = $3 or (($3::int is null or to_institution_id is null) and lower(trim(target_school)) = lower(trim($4))))
      limit 1`,
    [input.userId, input.courseCode, input.toInstitutionId, input.targetSchool],
  );
  if (open) {
    throw new HttpError(
      409,
      `You already appealed ${open.course_code} to ${open.target_school} (${STATUS_WORDS[open.status] ?? open.status}). Follow it in your appeal center; you can appeal again once it is resolved.`,
    );
  }
  const [recent] = await tx.query<{ count: number }>(`select count(*)::int as count from appeals where user_id = $1 and created_at > now() - interval '1 hour'`, [input.userId]);
  if ((recent?.count ?? 0) >= MAX_APPEALS_PER_HOUR) {
    throw new HttpError(429, `You have sent ${MAX_APPEALS_PER_HOUR} appeals in the last hour. Please wait a while and try again.`);
  }
}
