/**
 * Factories for the admin area's tests: appeals, profiles, favorites and stored transcripts inserted directly (the
 * student-facing routes that create them belong to other features).
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../src/server/db/client';
import type { FileStorage } from '../../src/server/storage/file-storage';

export interface AppealOverrides {
  courseName?: string;
  courseCode?: string;
  subject?: string | null;
  number?: string | null;
  currentSchool?: string;
  targetSchool?: string;
  fromInstitutionId?: number | null;
  toInstitutionId?: number | null;
  notes?: string;
  status?: 'submitted' | 'in_review' | 'resolved';
  createdAt?: string;
  syllabusFileId?: string | null;
  student?: { name?: string; email?: string; major?: string; currentSchool?: string };
}

export async function createAppeal(db: Queryable, userId: string, overrides: AppealOverrides = {}) {
  const [row] = await db.query<{ id: string }>(
    `insert into appeals (user_id, course_name, course_code, subject, number, current_school, target_school, from_institution_id,
                          to_institution_id, notes, status, syllabus_file_id, student_snapshot, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, coalesce($14::timestamptz, now()), coalesce($14::timestamptz, now()))
     returning id`,
    [
      userId,
      overrides.courseName ?? 'Principles of Macroeconomics',
      overrides.courseCode ?? 'ECO 2013',
      overrides.subject === undefined ? 'ECO' : overrides.subject,
      overrides.number === undefined ? '2013' : overrides.number,
      overrides.currentSchool ?? 'Miami Dade College',
      overrides.targetSchool ?? 'University of Florida',
      overrides.fromInstitutionId ?? null,
      overrides.toInstitutionId ?? null,
      overrides.notes ?? 'The syllabus covers the same topics.',
      overrides.status ?? 'submitted',
      overrides.syllabusFileId ?? null,
      JSON.stringify(overrides.student ?? {}),
      overrides.createdAt ?? null,
    ],
  );
  if (!row) throw new Error('appeal insert returned nothing');
  return { id: row.id };
}

export async function createProfile(
  db: Queryable,
  userId: string,
  profile: { fullName?: string; currentSchool?: string; intendedMajor?: string; favorites?: string[] } = {},
) {
  await db.query(
    `insert into student_profiles (user_id, full_name, current_school, intended_major) values ($1, $2, $3, $4)
     on conflict (user_id) do update set full_name = excluded.full_name, current_school = excluded.current_school, intended_major = excluded.intended_major`,
    [userId, profile.fullName ?? '', profile.currentSchool ?? '', profile.intendedMajor ?? ''],
  );
  for (const school of profile.favorites ?? []) {
    await db.query(`insert into favorite_schools (user_id, school, school_normalized) values ($1, $2, $3)`, [
      userId,
      school,
      school.toLowerCase().replace(/[^a-z0-9]/g, ''),
    ]);
  }
}

/** A stored file (bytes in the storage backend, row in stored_files). */
export async function createStoredFile(
  db: Queryable,
  storage: FileStorage,
  ownerId: string,
  { purpose = 'transcript', name = 'transcript.pdf', contentType = 'application/pdf', bytes = Buffer.from('%PDF-1.4 test transcript') }: {
    purpose?: 'transcript' | 'syllabus';
    name?: string;
    contentType?: string;
    bytes?: Buffer;
  } = {},
) {
  const key = `${purpose === 'transcript' ? 'transcripts' : 'syllabi'}/${randomUUID()}`;
  await storage.put(key, bytes, contentType);
  const [row] = await db.query<{ id: string }>(
    `insert into stored_files (storage_key, owner_id, purpose, original_name, content_type, size_bytes, status, stored_at)
     values ($1, $2, $3, $4, $5, $6, 'stored', now()) returning id`,
    [key, ownerId, purpose, name, contentType, bytes.byteLength],
  );
  if (!row) throw new Error('stored file insert returned nothing');
  return { id: row.id, key };
}

export async function createTranscript(db: Queryable, storage: FileStorage, userId: string, { name = 'transcript.pdf', bytes }: { name?: string; bytes?: Buffer } = {}) {
  const file = await createStoredFile(db, storage, userId, { name, bytes });
  const [row] = await db.query<{ id: string }>(
    `insert into transcripts (user_id, file_id, file_name, status) values ($1, $2, $3, 'saved') returning id`,
    [userId, file.id, name],
  );
  if (!row) throw new Error('transcript insert returned nothing');
  return { id: row.id, fileId: file.id };
}

/** A student account row without the sign-up round trip (password hashing makes signUp slow for bulk lists). */
export async function insertStudentAccount(db: Queryable, { email, name = 'Bulk Student' }: { email: string; name?: string }) {
  const id = randomUUID().replace(/-/g, '');
  await db.query(`insert into "user" (id, name, email, "emailVerified", role) values ($1, $2, $3, false, 'student')`, [id, name, email]);
  return { id, email };
}
