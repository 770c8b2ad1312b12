/** The student area's own SQL: profile, favorite schools and the account. Ownership is always in the WHERE. */
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

/** `schoolNormalized` is the school in the one normalised form (normalizeSchoolName): the same school is one favorite. */
export async function insertFavoriteRow(db: Queryable, favorite: { userId: string; school: string; schoolNormalized: string; institutionId: number | null }) {
  await db.query(
    `insert into favorite_schools (user_id, school, school_normalized, institution_id, created_at)
     values ($1, $2, $3, $4, clock_timestamp()) on conflict (user_id, school_normalized) do nothing`,
    [favorite.userId, favorite.school, favorite.schoolNormalized, favorite.institutionId],
  );
}

export async function deleteFavoriteRowsExcept(db: Queryable, userId: string, keepNormalized: string[]) {
  await db.query(`delete from favorite_schools where user_id = $1 and not (school_normalized = any($2::text[]))`, [userId, keepNormalized]);
}

export async function deleteFavoriteRow(db: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await db.query(`delete from favorite_schools where id = $1 and user_id = $2 returning id`, [id, userId]);
  return rows.length > 0;
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
