/**
 * The appeals' SQL: one row shape for every view (the student's, the admin's), the one insert, the admin's update and
 * list. Ownership is in the WHERE where a student asks: another student's id finds nothing.
 */
import type { AppealDecision, AppealStatus } from '../../../shared/schemas/appeal-status';
import { ADMIN_PAGE_SIZE, type AppealListStatus } from '../../../shared/schemas/admin';
import type { Queryable } from '../../db/client';
import { decodeCursor, encodeCursor, likePattern } from '../../db/keyset-cursor';

/**
 * The columns every view of an appeal reads. The student's details come from the snapshot taken at submission, then
 * the live account and profile (what the admin sees); the student sees their own snapshot.
 */
const APPEAL_COLUMNS = `
  a.id, a.user_id, a.course_name, a.course_code, a.current_school, a.target_school, a.notes, a.syllabus_link,
  a.status, a.decision, a.admin_notes, a.student_message, a.created_rule_id, a.version, a.created_at, a.updated_at,
  a.created_at::text as cursor_at, a.student_snapshot,
  a.subject, a.number, a.from_institution_id, a.to_institution_id,
  f.id as file_id, f.storage_key as file_key, f.original_name as file_name, f.size_bytes as file_size,
  coalesce(nullif(a.student_snapshot->>'name', ''), nullif(p.full_name, ''), u.name) as student_name,
  coalesce(nullif(a.student_snapshot->>'email', ''), u.email) as student_email, u.email as account_email,
  coalesce(nullif(a.student_snapshot->>'major', ''), p.intended_major, '') as student_major,
  coalesce(nullif(a.student_snapshot->>'currentSchool', ''), nullif(p.current_school, ''), a.current_school) as student_school`;

const APPEAL_FROM = `
  appeals a
  join "user" u on u.id = a.user_id
  left join student_profiles p on p.user_id = a.user_id
  left join stored_files f on f.id = a.syllabus_file_id and f.status = 'stored'`;

export interface AppealRow {
  id: string;
  user_id: string;
  course_name: string;
  course_code: string;
  current_school: string;
  target_school: string;
  notes: string;
  syllabus_link: string | null;
  status: AppealStatus;
  decision: AppealDecision | null;
  admin_notes: string;
  student_message: string | null;
  created_rule_id: number | null;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
  cursor_at: string;
  student_snapshot: { name?: string; email?: string; major?: string; currentSchool?: string } | null;
  subject: string | null;
  number: string | null;
  from_institution_id: number | null;
  to_institution_id: number | null;
  file_id: string | null;
  file_key: string | null;
  file_name: string | null;
  file_size: number | null;
  student_name: string;
  student_email: string;
  account_email: string;
  student_major: string;
  student_school: string;
}

/** One appeal; with `ownerId`, only that student's. */
export async function findAppealRow(db: Queryable, id: string, ownerId: string | null = null): Promise<AppealRow | null> {
  const [row] = await db.query<AppealRow>(`select ${APPEAL_COLUMNS} from ${APPEAL_FROM} where a.id = $1 and ($2::text is null or a.user_id = $2)`, [
    id,
    ownerId,
  ]);
  return row ?? null;
}

export async function listStudentAppealRows(db: Queryable, userId: string): Promise<AppealRow[]> {
  return db.query<AppealRow>(`select ${APPEAL_COLUMNS} from ${APPEAL_FROM} where a.user_id = $1 order by a.created_at desc, a.id`, [userId]);
}

/**
 * One page of appeals for the admin, newest first. The search looks in the appeal's course and schools (`search_text`)
 * and in its student's name and e-mail (`student_search`, copied from the account by triggers), both lower-cased with
 * their own trigram index (migration 0009): a common word walks `appeals_created` and stops after a page, a rare one is
 * a BitmapOr of the two indexes.
 */
export async function listAppealPage(
  db: Queryable,
  { status, q, cursor }: { status?: AppealListStatus; q?: string; cursor?: string },
): Promise<{ rows: AppealRow[]; nextCursor: string | null }> {
  const after = decodeCursor(cursor);
  const pattern = q ? likePattern(q) : null;
  const rows = await db.query<AppealRow>(
    // The page's ids are chosen from appeals alone; only those 51 rows are joined to the student and the file.
    `with page as (
       select a.id from appeals a
        where ${status === 'pending' ? `a.status <> 'resolved' and $1::text is not null` : '($1::text is null or a.status = $1)'}
          and ($2::timestamptz is null or (a.created_at, a.id) < ($2::timestamptz, $3::uuid))
          and ${pattern ? '(a.search_text like lower($4) or a.student_search like lower($4))' : '$4::text is null'}
        order by a.created_at desc, a.id desc
        limit ${ADMIN_PAGE_SIZE + 1}
     )
     select ${APPEAL_COLUMNS} from ${APPEAL_FROM}
      where a.id in (select id from page)
      order by a.created_at desc, a.id desc`,
    [status || null, after?.at ?? null, after?.id ?? null, pattern],
  );
  const page = rows.slice(0, ADMIN_PAGE_SIZE);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > ADMIN_PAGE_SIZE && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null };
}

export interface AppealEventRow {
  id: number;
  appeal_id: string;
  actor_name: string | null;
  from_status: AppealStatus | null;
  to_status: AppealStatus;
  decision: string | null;
  /** The admins' own notes: never shown to the student. */
  notes: string | null;
  student_message: string | null;
  created_at: Date | string;
}

export async function listAppealEventRows(db: Queryable, appealIds: string[]): Promise<AppealEventRow[]> {
  return db.query<AppealEventRow>(
    `select id, appeal_id, actor_name, from_status, to_status, decision, notes, student_message, created_at from appeal_events
      where appeal_id = any($1::uuid[]) order by created_at, id`,
    [appealIds],
  );
}

/** What the server knows of the student, for the snapshot an appeal keeps (never taken from the request body). */
export async function findStudentProfileRow(db: Queryable, userId: string): Promise<{ full_name: string; current_school: string; intended_major: string } | null> {
  const [row] = await db.query<{ full_name: string; current_school: string; intended_major: string }>(
    `select full_name, current_school, intended_major from student_profiles where user_id = $1`,
    [userId],
  );
  return row ?? null;
}

/** One student's submissions one at a time, so two taps cannot both pass the limits (PostgreSQL; PGlite has one connection). */
export async function lockStudentAppeals(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('appeal:' || $1))`, [userId]);
}

export async function listOpenAppealRows(tx: Queryable, userId: string) {
  return tx.query<{ course_code: string; target_school: string; to_institution_id: number | null; status: AppealStatus }>(
    `select course_code, target_school, to_institution_id, status from appeals where user_id = $1 and status <> 'resolved' order by created_at`,
    [userId],
  );
}

export async function countAppealsInLastHour(tx: Queryable, userId: string): Promise<number> {
  const [row] = await tx.query<{ count: number }>(`select count(*)::int as count from appeals where user_id = $1 and created_at > now() - interval '1 hour'`, [userId]);
  return row?.count ?? 0;
}

export interface NewAppeal {
  userId: string;
  transcriptId: string | null;
  transcriptRowId: string | null;
  courseName: string;
  courseCode: string;
  subject: string | null;
  number: string | null;
  currentSchool: string;
  targetSchool: string;
  fromInstitutionId: number | null;
  toInstitutionId: number | null;
  notes: string;
  syllabusLink: string | null;
  syllabusFileId: string | null;
  snapshot: { name: string; email: string; major: string; currentSchool: string };
}

/** The one insert of an appeal, with its first event (submitted), in the caller's transaction. */
export async function insertAppeal(tx: Queryable, appeal: NewAppeal): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into appeals (user_id, transcript_id, transcript_row_id, course_name, course_code, subject, number, current_school, target_school,
                          from_institution_id, to_institution_id, notes, syllabus_link, syllabus_file_id, student_snapshot, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, 'submitted') returning id`,
    [
      appeal.userId,
      appeal.transcriptId,
      appeal.transcriptRowId,
      appeal.courseName,
      appeal.courseCode,
      appeal.subject,
      appeal.number,
      appeal.currentSchool,
      appeal.targetSchool,
      appeal.fromInstitutionId,
      appeal.toInstitutionId,
      appeal.notes,
      appeal.syllabusLink,
      appeal.syllabusFileId,
      JSON.stringify(appeal.snapshot),
    ],
  );
  if (!row) throw new Error('appeal insert returned nothing');
  await insertAppealEvent(tx, { appealId: row.id, actorId: appeal.userId, actorName: appeal.snapshot.name, from: null, to: 'submitted' });
  return row.id;
}

export async function insertAppealEvent(
  tx: Queryable,
  event: { appealId: string; actorId: string; actorName: string | null; from: AppealStatus | null; to: AppealStatus; decision?: string | null; notes?: string | null; studentMessage?: string | null },
): Promise<void> {
  await tx.query(
    `insert into appeal_events (appeal_id, actor_id, actor_name, from_status, to_status, decision, notes, student_message)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [event.appealId, event.actorId, event.actorName, event.from, event.to, event.decision ?? null, event.notes ?? null, event.studentMessage ?? null],
  );
}

/** The admin's lock on one student's appeal while it is updated (optimistic version checked by the caller). */
export async function lockAppealRow(tx: Queryable, appealId: string, userId: string) {
  const [row] = await tx.query<{ id: string; status: AppealStatus; version: number; created_rule_id: number | null }>(
    `select id, status, version, created_rule_id from appeals where id = $1 and user_id = $2 for update`,
    [appealId, userId],
  );
  return row ?? null;
}

export async function updateAppealRow(
  tx: Queryable,
  input: { appealId: string; status: AppealStatus; adminNotes: string; decision: AppealDecision | null; studentMessage: string | null | undefined; ruleId: number | null },
): Promise<void> {
  await tx.query(
    `update appeals set status = $2, admin_notes = $3, decision = $4,
            student_message = case when $5::boolean then $6 else student_message end,
            created_rule_id = $7, version = version + 1, updated_at = now()
      where id = $1`,
    [input.appealId, input.status, input.adminNotes, input.decision, input.studentMessage !== undefined, input.studentMessage ?? null, input.ruleId],
  );
}

export async function findAppealSyllabusRow(db: Queryable, appealId: string) {
  const [row] = await db.query<{ user_id: string; storage_key: string; original_name: string; content_type: string; file_id: string }>(
    `select a.user_id, f.storage_key, f.original_name, f.content_type, f.id as file_id
       from appeals a join stored_files f on f.id = a.syllabus_file_id and f.status = 'stored'
      where a.id = $1`,
    [appealId],
  );
  return row ?? null;
}

/**
 * Open appeals on one course from one school to one destination: those on a report row of that course, and those the
 * form filed naming both schools and the course code (the code compared in the rules' normalised form).
 */
export async function listOpenAppealsOnCourse(
  db: Queryable,
  pair: { fromInstitutionId: number; toInstitutionId: number; codeKey: string },
): Promise<Array<{ id: string; user_id: string }>> {
  return db.query<{ id: string; user_id: string }>(
    `select a.id, a.user_id from appeals a
      where a.status <> 'resolved'
        and (exists (select 1 from transcript_rows r join transcripts t on t.id = r.transcript_id
                      where r.id = a.transcript_row_id and r.code_key = $3
                        and t.detected_institution_id = $1 and t.to_institution_id = $2)
             or (a.from_institution_id = $1 and a.to_institution_id = $2
                 and lower(regexp_replace(coalesce(a.subject, '') || coalesce(a.number, ''), '[^A-Za-z0-9.]', '', 'g')) = $3))
      order by a.created_at, a.id`,
    [pair.fromInstitutionId, pair.toInstitutionId, pair.codeKey],
  );
}
