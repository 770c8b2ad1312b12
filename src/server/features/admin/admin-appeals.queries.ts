import type { AdminAppeal, AppealEvent, AppealListStatus, AppealStatus } from '../../../shared/schemas/admin';
import { ADMIN_PAGE_SIZE } from '../../../shared/schemas/admin';
import type { Queryable } from '../../db/client';
import { decodeCursor, encodeCursor, likePattern } from './admin-cursor';

/** The columns every admin view of an appeal reads; the student's details come from the snapshot taken at submission, then the live account. */
const APPEAL_COLUMNS = `
  a.id, a.user_id, a.course_name, a.course_code, a.current_school, a.target_school, a.notes, a.syllabus_link,
  a.status, a.decision, a.admin_notes, a.student_message, a.created_rule_id, a.version, a.created_at, a.updated_at,
  a.created_at::text as cursor_at,
  a.subject, a.number, a.from_institution_id, a.to_institution_id, a.course_row,
  f.id as file_id, f.original_name as file_name, f.size_bytes as file_size,
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
  decision: 'approved' | 'denied' | null;
  admin_notes: string;
  student_message: string | null;
  created_rule_id: number | null;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
  cursor_at: string;
  subject: string | null;
  number: string | null;
  from_institution_id: number | null;
  to_institution_id: number | null;
  course_row: AdminAppeal['courseRow'];
  file_id: string | null;
  file_name: string | null;
  file_size: number | null;
  student_name: string;
  student_email: string;
  account_email: string;
  student_major: string;
  student_school: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function presentAppeal(row: AppealRow): AdminAppeal {
  return {
    id: row.id,
    userId: row.user_id,
    courseName: row.course_name,
    courseCode: row.course_code,
    currentSchool: row.current_school,
    targetSchool: row.target_school,
    notes: row.notes,
    syllabusLink: row.syllabus_link,
    syllabusFile: row.file_id
      ? { key: row.file_id, url: `/api/admin/appeals/${row.id}/syllabus`, name: row.file_name ?? 'syllabus', size: row.file_size === null ? null : Number(row.file_size) }
      : null,
    student: { name: row.student_name, email: row.student_email, major: row.student_major, currentSchool: row.student_school },
    status: row.status,
    decision: row.decision,
    studentMessage: row.student_message,
    createdRuleId: row.created_rule_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    adminNotes: row.admin_notes,
    version: row.version,
    courseRow: row.course_row,
  };
}

/**
 * One page of appeals, newest first. The search looks in the appeal's course and schools (`search_text`) and in its
 * student's name and e-mail (`student_search`, copied from the account by triggers), both lower-cased with their own
 * trigram index (migration 0009): a common word walks `appeals_created` and stops after a page, a rare one is a
 * BitmapOr of the two indexes.
 */
export async function listAppeals(
  db: Queryable,
  { status, q, cursor }: { status?: AppealListStatus; q?: string; cursor?: string },
): Promise<{ appeals: AdminAppeal[]; nextCursor: string | null }> {
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
  return {
    appeals: page.map(presentAppeal),
    nextCursor: rows.length > ADMIN_PAGE_SIZE && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}

export async function findAppeal(db: Queryable, id: string): Promise<AppealRow | null> {
  const [row] = await db.query<AppealRow>(`select ${APPEAL_COLUMNS} from ${APPEAL_FROM} where a.id = $1`, [id]);
  return row ?? null;
}

export async function listAppealEvents(db: Queryable, appealId: string): Promise<AppealEvent[]> {
  const rows = await db.query<{
    id: number;
    actor_name: string | null;
    from_status: string | null;
    to_status: string;
    decision: string | null;
    notes: string | null;
    student_message: string | null;
    created_at: Date | string;
  }>(
    `select id, actor_name, from_status, to_status, decision, notes, student_message, created_at
       from appeal_events where appeal_id = $1 order by created_at, id`,
    [appealId],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    actorName: row.actor_name,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    decision: row.decision,
    notes: row.notes,
    studentMessage: row.student_message,
    createdAt: iso(row.created_at),
  }));
}

export async function findSyllabusFile(db: Queryable, appealId: string) {
  const [row] = await db.query<{ user_id: string; storage_key: string; original_name: string; content_type: string; file_id: string }>(
    `select a.user_id, f.storage_key, f.original_name, f.content_type, f.id as file_id
       from appeals a join stored_files f on f.id = a.syllabus_file_id and f.status = 'stored'
      where a.id = $1`,
    [appealId],
  );
  return row ?? null;
}

/**
 * The hub's figures, from the running totals kept by migration 0009's triggers (one row per change, summed here and
 * folded by compactAdminCounts). Pending appeals are those not yet resolved (submitted or in review): the clerks'
 * open work, and what the appeals list shows with its "Pending" filter.
 */
export async function readAdminStats(db: Queryable) {
  const rows = await db.query<{ name: string; total: number }>(`select name, sum(delta)::int as total from admin_count_deltas group by name`);
  const total = (name: string) => Number(rows.find((row) => row.name === name)?.total ?? 0);
  return {
    students: total('students'),
    transcripts: total('transcripts'),
    pendingAppeals: total('appeals_submitted') + total('appeals_in_review'),
    resolvedAppeals: total('appeals_resolved'),
  };
}

/** Folds the figures' change rows into one row per figure (a periodic task), so the stats read stays a few rows. */
export async function compactAdminCounts(db: Queryable): Promise<void> {
  await db.query(
    `with folded as (delete from admin_count_deltas returning name, delta)
     insert into admin_count_deltas (name, delta) select name, sum(delta) from folded group by name`,
  );
}

/**
 * Students are accounts with the student role and without the admin role (staff are not listed among students):
 * `"user".is_student`, generated from the role by migration 0009's admin_is_student().
 */
export const STUDENT_ROLE_SQL = (alias: string) => `${alias}.is_student`;
