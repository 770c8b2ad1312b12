/** The student area's SQL. Ownership is always in the WHERE: another student's id finds nothing (a 404). */
import type { Queryable } from '../../db/client';

export interface ProfileRow {
  full_name: string;
  current_school: string;
  intended_major: string;
}

export async function findProfileRow(db: Queryable, userId: string): Promise<ProfileRow | null> {
  const [row] = await db.query<ProfileRow>(`select full_name, current_school, intended_major from student_profiles where user_id = $1`, [userId]);
  return row ?? null;
}

export async function upsertProfileRow(db: Queryable, userId: string, profile: { fullName: string; currentSchool: string; intendedMajor: string }) {
  await db.query(
    `insert into student_profiles (user_id, full_name, current_school, intended_major) values ($1, $2, $3, $4)
     on conflict (user_id) do update set full_name = excluded.full_name, current_school = excluded.current_school,
       intended_major = excluded.intended_major, updated_at = now()`,
    [userId, profile.fullName, profile.currentSchool, profile.intendedMajor],
  );
}

export interface FavoriteRow {
  id: string;
  school: string;
  school_normalized: string;
  institution_id: number | null;
  created_at: Date | string;
}

export async function listFavoriteRows(db: Queryable, userId: string): Promise<FavoriteRow[]> {
  return db.query<FavoriteRow>(
    `select id, school, school_normalized, institution_id, created_at from favorite_schools where user_id = $1 order by added_order`,
    [userId],
  );
}

export async function insertFavoriteRow(db: Queryable, userId: string, school: string, institutionId: number | null) {
  await db.query(
    `insert into favorite_schools (user_id, school, school_normalized, institution_id, created_at)
     values ($1, $2, $3, $4, clock_timestamp()) on conflict (user_id, school_normalized) do nothing`,
    [userId, school, school.toLowerCase(), institutionId],
  );
}

export async function deleteFavoriteRowsExcept(db: Queryable, userId: string, keepNormalized: string[]) {
  await db.query(`delete from favorite_schools where user_id = $1 and not (school_normalized = any($2::text[]))`, [userId, keepNormalized]);
}

export async function deleteFavoriteRow(db: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await db.query(`delete from favorite_schools where id = $1 and user_id = $2 returning id`, [id, userId]);
  return rows.length > 0;
}

export interface StoredFileRow {
  id: string;
  storage_key: string;
  owner_id: string | null;
  purpose: 'transcript' | 'syllabus';
  original_name: string;
  content_type: string;
  size_bytes: number | null;
  status: 'pending' | 'stored' | 'rejected';
}

const STORED_FILE_COLUMNS = `id, storage_key, owner_id, purpose, original_name, content_type, size_bytes, status`;

export async function insertStoredFileRow(
  db: Queryable,
  file: { key: string; ownerId: string; purpose: 'transcript' | 'syllabus'; originalName: string; contentType: string },
) {
  await db.query(`insert into stored_files (storage_key, owner_id, purpose, original_name, content_type) values ($1, $2, $3, $4, $5)`, [
    file.key,
    file.ownerId,
    file.purpose,
    file.originalName,
    file.contentType,
  ]);
}

/** Upload slots the student asked for recently, and transcripts they keep: the per-student upload limits. */
export async function countUploadSlotsSince(db: Queryable, userId: string, sinceMinutes: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `select count(*)::int as count from stored_files where owner_id = $1 and created_at > now() - make_interval(mins => $2::int)`,
    [userId, sinceMinutes],
  );
  return row?.count ?? 0;
}

export async function countTranscripts(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(`select count(*)::int as count from transcripts where user_id = $1`, [userId]);
  return row?.count ?? 0;
}

export async function findOwnStoredFileRow(db: Queryable, userId: string, key: string, purpose: 'transcript' | 'syllabus'): Promise<StoredFileRow | null> {
  const [row] = await db.query<StoredFileRow>(
    `select ${STORED_FILE_COLUMNS} from stored_files where storage_key = $1 and owner_id = $2 and purpose = $3`,
    [key, userId, purpose],
  );
  return row ?? null;
}

export async function deleteStoredFileRow(db: Queryable, id: string) {
  await db.query(`delete from stored_files where id = $1`, [id]);
}

export async function listStorageKeysOwnedBy(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.query<{ storage_key: string }>(`select storage_key from stored_files where owner_id = $1`, [userId]);
  return rows.map((row) => row.storage_key);
}

export interface TranscriptRow {
  id: string;
  user_id: string | null;
  file_name: string;
  status: string;
  created_at: Date | string;
  storage_key: string | null;
  size_bytes: number | null;
  file_id: string | null;
}

const TRANSCRIPT_COLUMNS = `t.id, t.user_id, t.file_name, t.status, t.created_at, f.storage_key, f.size_bytes, t.file_id`;

export async function listTranscriptRows(db: Queryable, userId: string): Promise<TranscriptRow[]> {
  return db.query<TranscriptRow>(
    `select ${TRANSCRIPT_COLUMNS} from transcripts t left join stored_files f on f.id = t.file_id
      where t.user_id = $1 order by t.created_at desc, t.id`,
    [userId],
  );
}

export async function insertTranscriptRow(db: Queryable, input: { userId: string; fileId: string; fileName: string }): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into transcripts (user_id, file_id, file_name, status, uploaded_from) values ($1, $2, $3, 'saved', 'profile') returning id`,
    [input.userId, input.fileId, input.fileName],
  );
  if (!row) throw new Error('transcript insert returned nothing');
  return row.id;
}

export async function transcriptExistsForFile(db: Queryable, fileId: string): Promise<boolean> {
  const rows = await db.query(`select 1 from transcripts where file_id = $1`, [fileId]);
  return rows.length > 0;
}

/** The owner's transcript, or with `anyOwner` (an admin) anybody's. */
export async function findTranscriptRow(db: Queryable, id: string, userId: string, anyOwner = false): Promise<TranscriptRow | null> {
  const [row] = await db.query<TranscriptRow>(
    `select ${TRANSCRIPT_COLUMNS} from transcripts t left join stored_files f on f.id = t.file_id
      where t.id = $1 and ($3::boolean or t.user_id = $2)`,
    [id, userId, anyOwner],
  );
  return row ?? null;
}

export async function deleteTranscriptRow(db: Queryable, id: string, userId: string): Promise<{ file_id: string | null; storage_key: string | null } | null> {
  const [row] = await db.query<{ file_id: string | null; storage_key: string | null }>(
    `delete from transcripts t where t.id = $1 and t.user_id = $2
     returning t.file_id, (select storage_key from stored_files f where f.id = t.file_id) as storage_key`,
    [id, userId],
  );
  return row ?? null;
}

export interface AppealRow {
  id: string;
  course_name: string;
  course_code: string;
  current_school: string;
  target_school: string;
  notes: string;
  syllabus_link: string | null;
  syllabus_key: string | null;
  syllabus_name: string | null;
  syllabus_size: number | null;
  student_snapshot: { name?: string; email?: string; major?: string; currentSchool?: string };
  status: 'submitted' | 'in_review' | 'resolved';
  decision: string | null;
  student_message: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const APPEAL_COLUMNS = `a.id, a.course_name, a.course_code, a.current_school, a.target_school, a.notes, a.syllabus_link,
  f.storage_key as syllabus_key, f.original_name as syllabus_name, f.size_bytes as syllabus_size, a.student_snapshot,
  a.status, a.decision, a.student_message, a.created_at, a.updated_at`;

export async function listAppealRows(db: Queryable, userId: string): Promise<AppealRow[]> {
  return db.query<AppealRow>(
    `select ${APPEAL_COLUMNS} from appeals a left join stored_files f on f.id = a.syllabus_file_id
      where a.user_id = $1 order by a.created_at desc, a.id`,
    [userId],
  );
}

export async function findAppealRow(db: Queryable, id: string, userId: string): Promise<AppealRow | null> {
  const [row] = await db.query<AppealRow>(
    `select ${APPEAL_COLUMNS} from appeals a left join stored_files f on f.id = a.syllabus_file_id where a.id = $1 and a.user_id = $2`,
    [id, userId],
  );
  return row ?? null;
}

export async function insertAppealRow(
  db: Queryable,
  input: {
    userId: string;
    courseName: string;
    courseCode: string;
    currentSchool: string;
    targetSchool: string;
    toInstitutionId: number | null;
    notes: string;
    syllabusLink: string | null;
    syllabusFileId: string | null;
    snapshot: Record<string, string>;
  },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into appeals (user_id, course_name, course_code, current_school, target_school, to_institution_id, notes, syllabus_link,
                          syllabus_file_id, student_snapshot, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, 'submitted') returning id`,
    [
      input.userId,
      input.courseName,
      input.courseCode,
      input.currentSchool,
      input.targetSchool,
      input.toInstitutionId,
      input.notes,
      input.syllabusLink,
      input.syllabusFileId,
      JSON.stringify(input.snapshot),
    ],
  );
  if (!row) throw new Error('appeal insert returned nothing');
  await db.query(`insert into appeal_events (appeal_id, actor_id, actor_name, from_status, to_status) values ($1, $2, $3, null, 'submitted')`, [
    row.id,
    input.userId,
    input.snapshot.name ?? null,
  ]);
  return row.id;
}

export interface AppealEventRow {
  from_status: string | null;
  to_status: string;
  decision: string | null;
  student_message: string | null;
  created_at: Date | string;
}

/** Only what the student may read: never the admins' own notes (`notes`). */
export async function listAppealEventRows(db: Queryable, appealIds: string[]): Promise<Array<AppealEventRow & { appeal_id: string }>> {
  return db.query<AppealEventRow & { appeal_id: string }>(
    `select appeal_id, from_status, to_status, decision, student_message, created_at from appeal_events
      where appeal_id = any($1::uuid[]) order by created_at, id`,
    [appealIds],
  );
}

export interface AnalysedTranscriptRow {
  id: string;
  file_name: string;
  detected_institution_id: number | null;
  detected_institution_name: string | null;
}

export async function findLatestAnalysedTranscript(db: Queryable, userId: string): Promise<AnalysedTranscriptRow | null> {
  const [row] = await db.query<AnalysedTranscriptRow>(
    `select t.id, t.file_name, t.detected_institution_id, t.detected_institution_name from transcripts t
      where t.user_id = $1 and t.status = 'done' and exists (select 1 from transcript_rows r where r.transcript_id = t.id and not r.removed_by_student)
      order by coalesce(t.analyzed_at, t.created_at) desc, t.id limit 1`,
    [userId],
  );
  return row ?? null;
}

export interface TranscriptCourseRow {
  transcript_id: string;
  subject: string;
  number: string;
  title: string;
  credits: number | null;
  earned: number | null;
  grade: string | null;
  term: string | null;
  in_progress: boolean;
  status: string | null;
  transfers_to: string | null;
}

export async function listTranscriptCourseRows(db: Queryable, transcriptIds: string[]): Promise<TranscriptCourseRow[]> {
  return db.query<TranscriptCourseRow>(
    `select transcript_id, subject, number, title, credits, earned, grade, term, in_progress, status, transfers_to from transcript_rows
      where transcript_id = any($1::uuid[]) and not removed_by_student order by transcript_id, position`,
    [transcriptIds],
  );
}

export async function listPublishedAnnouncementRows(db: Queryable, limit: number) {
  return db.query<{ id: string; title: string; body: string; created_at: Date | string }>(
    `select id, title, body, created_at from announcements where published order by created_at desc, id limit $1`,
    [limit],
  );
}

export async function findUserRow(db: Queryable, userId: string) {
  const [row] = await db.query<{ id: string; name: string; email: string; createdAt: Date | string }>(
    `select id, name, email, "createdAt" from "user" where id = $1`,
    [userId],
  );
  return row ?? null;
}

export async function deleteUserRow(db: Queryable, userId: string) {
  await db.query(`delete from "user" where id = $1`, [userId]);
}
