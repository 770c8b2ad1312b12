import type { AdminStudent, AdminStudentList, AppealStatus } from '../../../shared/schemas/admin';
import { ADMIN_PAGE_SIZE } from '../../../shared/schemas/admin';
import type { Queryable } from '../../db/client';
import { decodeCursor, encodeCursor, likePattern } from '../../db/keyset-cursor';

const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Students are accounts with the student role and without the admin role (staff are not listed among students):
 * `"user".is_student`, generated from the role by migration 0009's admin_is_student().
 */
const STUDENT_ROLE_SQL = (alias: string) => `${alias}.is_student`;

interface StudentRow {
  id: string;
  name: string;
  email: string;
  created_at: Date | string;
  cursor_at: string;
  full_name: string | null;
  current_school: string | null;
  intended_major: string | null;
  favorites: string[] | null;
  transcripts: Array<{ id: string; name: string; size: number | null; has_file: boolean; uploaded_at: string }> | null;
  transcript_count: number;
  appeals: Array<{ id: string; course_name: string; status: AppealStatus; created_at: string; target_school: string }> | null;
  appeal_count: number;
  total: number;
}

// Matches on the account (name, e-mail) or the profile (full name, school), lower-cased on both sides as ILIKE would;
// each side is a generated lower-cased column with its trigram index (migration 0009).
const SEARCH_SQL = `u.id in (
    select su.id from "user" su where su.search_text like lower($1)
    union
    select sp.user_id from student_profiles sp where sp.search_text like lower($1))`;
const COUNT_MATCHES_SQL = `select count(*)::int as total from matches`;
const COUNT_STUDENTS_SQL = `select coalesce(sum(delta), 0)::int as total from admin_count_deltas where name = 'students'`;

/**
 * One page of the student directory in one statement: the profile, favorites, the first 3 transcripts and first 2
 * appeals with their counts come from lateral subqueries per listed student (50 at most), so the cost does not grow
 * with the number of students beyond the page and the count.
 */
export async function listStudents(db: Queryable, { q, cursor }: { q?: string; cursor?: string }): Promise<AdminStudentList> {
  const after = decodeCursor(cursor, { idPattern: USER_ID });
  const pattern = q ? likePattern(q) : null;
  // With a search, the matching students are found once and serve both the page and the total. Without one, the page
  // walks user_students_created and the total is the hub's running count of students (migration 0010).
  const totalSql = pattern ? COUNT_MATCHES_SQL : COUNT_STUDENTS_SQL;
  const rows = await db.query<StudentRow>(
    // The page of students is chosen first (index order, 51 rows); only those rows get the lateral lookups.
    `with ${pattern ? `matches as materialized (select u.id, u."createdAt" from "user" u where ${STUDENT_ROLE_SQL('u')} and ${SEARCH_SQL}),` : ''}
     page as (
       select u.id from ${pattern ? 'matches' : '"user"'} u
        where ${pattern ? 'true' : `${STUDENT_ROLE_SQL('u')} and $1::text is null`}
          and ($2::timestamptz is null or (u."createdAt", u.id) < ($2::timestamptz, $3::text))
        order by u."createdAt" desc, u.id desc
        limit ${ADMIN_PAGE_SIZE + 1}
     )
     select u.id, u.name, u.email, u."createdAt" as created_at, u."createdAt"::text as cursor_at,
            p.full_name, p.current_school, p.intended_major,
            fav.favorites, tr.transcripts, tc.transcript_count, ap.appeals, ac.appeal_count,
            (${totalSql}) as total
       from page join "user" u on u.id = page.id
       left join student_profiles p on p.user_id = u.id
       left join lateral (
         select array_agg(fs.school order by fs.added_order) as favorites from favorite_schools fs where fs.user_id = u.id
       ) fav on true
       left join lateral (
         select json_agg(json_build_object('id', t.id, 'name', t.file_name, 'size', f.size_bytes, 'has_file', f.id is not null,
                                           'uploaded_at', t.created_at) order by t.created_at desc, t.id) as transcripts
           from (select * from transcripts t0 where t0.user_id = u.id order by t0.created_at desc, t0.id limit 3) t
           left join stored_files f on f.id = t.file_id and f.status = 'stored'
       ) tr on true
       left join lateral (select count(*)::int as transcript_count from transcripts t1 where t1.user_id = u.id) tc on true
       left join lateral (
         select json_agg(json_build_object('id', a.id, 'course_name', a.course_name, 'status', a.status, 'created_at', a.created_at,
                                           'target_school', a.target_school) order by a.created_at desc, a.id) as appeals
           from (select * from appeals a0 where a0.user_id = u.id order by a0.created_at desc, a0.id limit 2) a
       ) ap on true
       left join lateral (select count(*)::int as appeal_count from appeals a1 where a1.user_id = u.id) ac on true
      order by u."createdAt" desc, u.id desc`,
    [pattern, after?.at ?? null, after?.id ?? null],
  );
  // An empty page (no match, or a cursor past the end) carries no total: count on its own.
  const total = rows[0]
    ? rows[0].total
    : pattern || after
      ? ((
          await db.query<{ total: number }>(
            pattern ? `with matches as (select u.id from "user" u where ${STUDENT_ROLE_SQL('u')} and ${SEARCH_SQL}) ${COUNT_MATCHES_SQL}` : `${COUNT_STUDENTS_SQL} and $1::text is null`,
            [pattern],
          )
        )[0]?.total ?? 0)
      : 0;
  const page = rows.slice(0, ADMIN_PAGE_SIZE);
  const last = page.at(-1);
  return {
    students: page.map(presentStudent),
    total: Number(total),
    nextCursor: rows.length > ADMIN_PAGE_SIZE && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}

function presentStudent(row: StudentRow): AdminStudent {
  return {
    id: row.id,
    name: row.full_name || row.name,
    email: row.email,
    createdAt: new Date(row.created_at).toISOString(),
    profile: {
      fullName: row.full_name ?? '',
      currentSchool: row.current_school ?? '',
      intendedMajor: row.intended_major ?? '',
      targetSchools: row.favorites ?? [],
    },
    transcripts: (row.transcripts ?? []).map((transcript) => ({
      id: transcript.id,
      name: transcript.name,
      size: transcript.size === null ? null : Number(transcript.size),
      url: transcript.has_file ? `/api/admin/students/${row.id}/transcripts/${transcript.id}/file` : null,
      uploadedAt: new Date(transcript.uploaded_at).toISOString(),
    })),
    transcriptCount: Number(row.transcript_count),
    appeals: (row.appeals ?? []).map((appeal) => ({
      id: appeal.id,
      courseName: appeal.course_name,
      status: appeal.status,
      createdAt: new Date(appeal.created_at).toISOString(),
      targetSchool: appeal.target_school,
    })),
    appealCount: Number(row.appeal_count),
  };
}
