/**
 * The appeals' SQL: one row shape for every view (the student's, the admin's), the one insert, the admin's update and
 * list. Ownership is in the WHERE where a student asks: another student's id finds nothing.
 */
import type { AppealDecision, AppealStatus } from '../../../shared/schemas/appeal-status';
import { ADMIN_PAGE_SIZE, type AppealListStatus, type AppealSort } from '../../../shared/schemas/admin';
import type { AppealCourseRow } from '../../../shared/schemas/transcripts';
import type { Queryable } from '../../db/client';
import { type Cursor, decodeCursor, encodeCursor, likePattern } from '../../db/keyset-cursor';
import { invalidField } from '../../domain-errors';

/**
 * The columns every view of an appeal reads. The student's details come from the snapshot taken at submission, then
 * the live account and profile (what the admin sees); the student sees their own snapshot.
 */
const APPEAL_COLUMNS = `
  a.id, a.user_id, a.course_name, a.course_code, a.current_school, a.target_school, a.notes, a.syllabus_link,
  a.status, a.decision, a.admin_notes, a.student_message, a.created_rule_id, a.version, a.created_at, a.updated_at,
  a.created_at::text as cursor_at, a.student_snapshot,
  a.subject, a.number, a.from_institution_id, a.to_institution_id, a.course_row, a.transcript_id, a.transcript_row_id,
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
  /** The transcript row appealed, as it stood then (with the student's correction); null for a manual entry. */
  course_row: AppealCourseRow | null;
  /** The report the appeal was sent from; null for a manual entry or once the transcript is deleted. */
  transcript_id: string | null;
  transcript_row_id: string | null;
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

/** The student's appeals for their appeal center: when an admin last changed each, and when the student last looked. */
export interface StudentAppealSummaryRow {
  id: string;
  course_name: string;
  created_at: Date | string;
  status: AppealStatus;
  decision: AppealDecision | null;
  student_message: string | null;
  target_school: string;
  last_change_at: Date | string | null;
  seen_at: Date | string | null;
}

export async function listStudentAppealSummaryRows(db: Queryable, userId: string): Promise<StudentAppealSummaryRow[]> {
  return db.query<StudentAppealSummaryRow>(
    `select a.id, a.course_name, a.created_at, a.status, a.decision, a.student_message, a.target_school, v.seen_at,
            (select max(e.created_at) from appeal_events e where e.appeal_id = a.id and e.from_status is not null) as last_change_at
       from appeals a left join appeal_center_visits v on v.user_id = a.user_id
      where a.user_id = $1 order by a.created_at desc, a.id`,
    [userId],
  );
}

/** The student has looked at their appeal center now. */
export async function recordAppealCenterVisit(db: Queryable, userId: string): Promise<void> {
  await db.query(`insert into appeal_center_visits (user_id, seen_at) values ($1, now()) on conflict (user_id) do update set seen_at = now()`, [userId]);
}

export async function listStudentAppealRows(db: Queryable, userId: string): Promise<AppealRow[]> {
  return db.query<AppealRow>(`select ${APPEAL_COLUMNS} from ${APPEAL_FROM} where a.user_id = $1 order by a.created_at desc, a.id`, [userId]);
}

/** The parameters of one statement, numbered as they are added: only the clauses in use are written. */
function sqlParameters() {
  const values: unknown[] = [];
  return { values, add: (value: unknown, type: string) => `$${values.push(value)}::${type}` };
}

/** How each order of the clerk's queue reads: its ORDER BY, and the keyset after the previous page's last row. */
const APPEAL_ORDERS: Record<AppealSort, { orderBy: string; after: (cursor: Cursor, add: (value: unknown, type: string) => string) => string }> = {
  // The due date is the submission plus 3 business days, so the oldest appeal is always the one due first.
  due: { orderBy: 'a.created_at asc, a.id asc', after: (c, add) => `(a.created_at, a.id) > (${add(c.at, 'timestamptz')}, ${add(c.id, 'uuid')})` },
  newest: { orderBy: 'a.created_at desc, a.id desc', after: (c, add) => `(a.created_at, a.id) < (${add(c.at, 'timestamptz')}, ${add(c.id, 'uuid')})` },
  school: {
    orderBy: 'a.target_school asc, a.created_at asc, a.id asc',
    after: (c, add) => `(a.target_school, a.created_at, a.id) > (${add(c.key, 'text')}, ${add(c.at, 'timestamptz')}, ${add(c.id, 'uuid')})`,
  },
};

/**
 * One page of appeals for the admin, in the clerk's chosen order (newest first unless asked), in one status and one
 * destination school when asked. The search looks in the appeal's course and schools (`search_text`) and in its
 * student's name and e-mail (`student_search`, copied from the account by triggers), both lower-cased with their own
 * trigram index (migration 0009): a common word walks the order's index and stops after a page, a rare one is a
 * BitmapOr of the two indexes. Each order has its index (0007, 0070). Only the clauses in use are written, so each
 * statement is planned for its own filters.
 */
export async function listAppealPage(
  db: Queryable,
  { status, q, cursor, sort = 'newest', school }: { status?: AppealListStatus; q?: string; cursor?: string; sort?: AppealSort; school?: string },
): Promise<{ rows: AppealRow[]; nextCursor: string | null }> {
  const after = decodeCursor(cursor);
  if (after && sort === 'school' && after.key === undefined) throw invalidField('cursor', 'not a cursor this list returned. Start again from the first page.');
  const order = APPEAL_ORDERS[sort];
  const { values, add } = sqlParameters();
  const conditions = [
    status === 'pending' ? `a.status <> 'resolved'` : status ? `a.status = ${add(status, 'text')}` : 'true',
    school ? `a.target_school = ${add(school, 'text')}` : null,
    after ? order.after(after, add) : null,
    q ? `(a.search_text like lower(${add(likePattern(q), 'text')}) or a.student_search like lower($${values.length}))` : null,
  ].filter((condition): condition is string => condition !== null);
  const rows = await db.query<AppealRow>(
    // The page's ids are chosen from appeals alone; only those 51 rows are joined to the student and the file.
    `with page as (
       select a.id from appeals a where ${conditions.join(' and ')} order by ${order.orderBy} limit ${ADMIN_PAGE_SIZE + 1}
     )
     select ${APPEAL_COLUMNS} from ${APPEAL_FROM}
      where a.id in (select id from page)
      order by ${order.orderBy}`,
    values,
  );
  const page = rows.slice(0, ADMIN_PAGE_SIZE);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor:
      rows.length > ADMIN_PAGE_SIZE && last ? encodeCursor({ at: last.cursor_at, id: last.id, ...(sort === 'school' ? { key: last.target_school } : {}) }) : null,
  };
}

/** One destination school's appeals per status (appeals_school_created, migration 0070). */
export async function countAppealsInSchool(db: Queryable, school: string): Promise<Array<{ status: AppealStatus; count: number }>> {
  return db.query(`select status, count(*)::int as count from appeals where target_school = $1 group by status`, [school]);
}

/**
 * The destination schools appeals go to, in name order: a skip scan of appeals_school_created (one index probe per
 * school), so the cost grows with the number of schools, not of appeals. At most `limit`.
 */
export async function listAppealSchools(db: Queryable, limit = 500): Promise<string[]> {
  const rows = await db.query<{ target_school: string }>(
    `with recursive schools(target_school, n) as (
       (select target_school, 1 from appeals order by target_school limit 1)
       union all
       select (select a.target_school from appeals a where a.target_school > s.target_school order by a.target_school limit 1), s.n + 1
         from schools s where s.target_school is not null and s.n < $1
     )
     select target_school from schools where target_school is not null`,
    [limit],
  );
  return rows.map((row) => row.target_school);
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

/** What the create path compares a new appeal with: every appeal the student has sent, newest first. */
export interface PriorAppealRow {
  id: string;
  course_code: string;
  target_school: string;
  to_institution_id: number | null;
  transcript_row_id: string | null;
  status: AppealStatus;
  decision: AppealDecision | null;
  student_message: string | null;
  notes: string;
  syllabus_link: string | null;
  syllabus_file_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export async function listPriorAppealRows(tx: Queryable, userId: string): Promise<PriorAppealRow[]> {
  return tx.query<PriorAppealRow>(
    `select id, course_code, target_school, to_institution_id, transcript_row_id, status, decision, student_message, notes, syllabus_link, syllabus_file_id, created_at, updated_at
       from appeals where user_id = $1 order by created_at desc, id desc`,
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
  courseRow: AppealCourseRow | null;
}

/** The one insert of an appeal, with its first event (submitted), in the caller's transaction. */
export async function insertAppeal(tx: Queryable, appeal: NewAppeal): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into appeals (user_id, transcript_id, transcript_row_id, course_name, course_code, subject, number, current_school, target_school,
                          from_institution_id, to_institution_id, notes, syllabus_link, syllabus_file_id, student_snapshot, course_row, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $16::jsonb, 'submitted') returning id`,
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
      appeal.courseRow ? JSON.stringify(appeal.courseRow) : null,
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
                 and a.code_key = $3))
      order by a.created_at, a.id`,
    [pair.fromInstitutionId, pair.toInstitutionId, pair.codeKey],
  );
}
