/**
 * The student area (spec sections 2–5): the profile and favorite schools it owns, and a thin layer over the owners of
 * everything else a student keeps (transcripts, appeals, saved searches) for the profile page, Compare favorites, the
 * data export and account deletion.
 */
import type { CompareResponse, CompareSchool, FavoriteSchool, StudentMe } from '../../../shared/schemas/student';
import { MAX_FAVORITES, splitSchoolList } from '../../../shared/schemas/student';
import type { Database, Queryable } from '../../db/client';
import { invalid, notFound, unusable } from '../../domain-errors';
import type { SignedInUser } from '../../http/app-env';
import type { FileStorage } from '../../storage/file-storage';
import { exportStudentAppeals, listStudentAppealSummaries } from '../appeals';
import { findInstitution, normalizeSchoolName } from '../institutions';
import { getExamScores } from '../programs';
import { listSavedSearches } from '../search';
import { creditTotals, exportTranscriptRows, listSavedTranscripts, listStorageKeysOwnedBy, matchReports, readLatestAnalysedTranscript } from '../transcripts';
import * as q from './student.queries';

const presentFavorite = (row: q.FavoriteRow): FavoriteSchool => ({ id: row.id, school: row.school });

export async function getStudentMe({ db, user }: { db: Database; user: SignedInUser }): Promise<StudentMe> {
  const [profile, favorites, transcripts, appeals, savedSearches] = await Promise.all([
    q.findProfileRow(db, user.id),
    q.listFavoriteRows(db, user.id),
    listSavedTranscripts(db, user.id),
    listStudentAppealSummaries(db, user.id),
    listSavedSearches({ db, userId: user.id }),
  ]);
  return {
    role: 'student',
    roles: user.roles,
    email: user.email,
    profile: {
      fullName: profile?.full_name || user.name,
      currentSchool: profile?.current_school ?? '',
      intendedMajor: profile?.intended_major ?? '',
      targetSchools: favorites.map((row) => row.school),
    },
    favorites: favorites.map(presentFavorite),
    transcripts,
    appeals,
    savedSearches,
  };
}

async function addFavoriteRows(tx: Queryable, userId: string, schools: string[]) {
  for (const school of schools) {
    const institution = await findInstitution(tx, school);
    await q.insertFavoriteRow(tx, { userId, school, schoolNormalized: normalizeSchoolName(school), institutionId: institution?.id ?? null });
  }
}

/** Saves the profile; its target schools ARE the favorites, so the favorites list becomes exactly that list. */
export async function updateProfile({
  db,
  userId,
  profile,
}: {
  db: Database;
  userId: string;
  profile: { fullName: string; currentSchool: string; intendedMajor: string; targetSchools: string[] };
}) {
  await db.transaction(async (tx) => {
    await q.upsertProfileRow(tx, userId, profile);
    const wanted = splitSchoolList(profile.targetSchools);
    await q.deleteFavoriteRowsExcept(tx, userId, wanted.map(normalizeSchoolName));
    const existing = new Set((await q.listFavoriteRows(tx, userId)).map((row) => row.school_normalized));
    await addFavoriteRows(tx, userId, wanted.filter((school) => !existing.has(normalizeSchoolName(school))));
  });
}

export async function addFavorites({ db, userId, schools }: { db: Database; userId: string; schools: string }): Promise<FavoriteSchool[]> {
  return db.transaction(async (tx) => {
    const existing = await q.listFavoriteRows(tx, userId);
    const known = new Set(existing.map((row) => row.school_normalized));
    const added = splitSchoolList(schools).filter((school) => !known.has(normalizeSchoolName(school)));
    if (existing.length + added.length > MAX_FAVORITES) throw invalid(`schools: you can keep at most ${MAX_FAVORITES} favorites.`);
    await addFavoriteRows(tx, userId, added);
    return (await q.listFavoriteRows(tx, userId)).map(presentFavorite);
  });
}

export async function removeFavorite({ db, userId, id }: { db: Database; userId: string; id: string }) {
  if (!(await q.deleteFavoriteRow(db, userId, id))) throw notFound('No favorite with this id.');
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** How the latest analysed transcript fares at two schools, course by course (the profile's Compare favorites). */
export async function compareSchools({ db, userId, a, b }: { db: Database; userId: string; a: string; b: string }): Promise<CompareResponse> {
  const transcript = await readLatestAnalysedTranscript(db, userId);
  if (!transcript) return { transcript: null, schools: [] };
  if (!transcript.fromInstitutionId) {
    throw unusable('Your latest analysed transcript does not say which school it is from, so it cannot be compared.');
  }
  const { courses } = transcript;
  const schools: CompareSchool[] = [];
  for (const [field, name] of [
    ['a', a],
    ['b', b],
  ] as const) {
    const institution = await findInstitution(db, name);
    if (!institution) throw notFound(`${field}: we do not know the school '${name}' yet.`);
    // The report's own engine call and totals (matchReports, creditTotals): the same verdicts, the same quarter and
    // semester conversion, a course no rule decides left for review.
    const [decided = []] = await matchReports(db, { fromInstitutionId: transcript.fromInstitutionId, toInstitutionId: institution.id, reports: [courses], withSuggestions: false, fromCalendar: transcript.fromCalendar });
    const compared = decided.map((row) => ({
      subject: row.subject,
      number: row.number,
      title: row.title,
      credits: row.credits ?? 0,
      status: row.status,
      verdictClass: row.verdictClass,
      transfersTo: row.transfersTo,
      creditsAwarded: row.creditsAwarded ?? 0,
    }));
    const { total, transferring: direct, review, none } = creditTotals(decided);
    schools.push({
      query: name,
      school: { id: institution.id, name: institution.name },
      courses: compared,
      credits: { total, direct, review, none },
      acceptedShare: total > 0 ? round2(direct / total) : 0,
    });
  }
  return { transcript: { id: transcript.id, name: transcript.name, fromSchool: transcript.fromSchool }, schools };
}

/** Everything the app keeps about the student, as one JSON document (FERPA access right; GDPR-style export). */
export async function exportStudentData({ db, user }: { db: Database; user: SignedInUser }) {
  const me = await getStudentMe({ db, user });
  const [account, transcriptRows, appeals, examScores] = await Promise.all([
    q.findUserRow(db, user.id),
    exportTranscriptRows(db, me.transcripts.map((transcript) => transcript.id)),
    exportStudentAppeals(db, user.id),
    getExamScores({ db, userId: user.id }),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: { id: user.id, name: account?.name ?? user.name, email: user.email, roles: user.roles, createdAt: account ? new Date(account.createdAt).toISOString() : null },
    profile: me.profile,
    favorites: me.favorites,
    savedSearches: me.savedSearches,
    transcripts: me.transcripts.map((transcript) => ({
      ...transcript,
      rows: transcriptRows.filter((entry) => entry.transcriptId === transcript.id).map((entry) => entry.row),
    })),
    appeals,
    examScores: examScores.map(({ examType, exam, score }) => ({ examType, exam, score })),
  };
}

/** Deletes the account (every row cascades) and then the student's files in storage. */
export async function deleteStudentAccount({ db, storage, userId }: { db: Database; storage: FileStorage; userId: string }) {
  const keys = await listStorageKeysOwnedBy(db, userId);
  await q.deleteUserRow(db, userId);
  for (const key of keys) await storage.delete(key);
}

/** What "Where your credits count" reads of a student: their intended major and the schools of their favorites. */
export async function readStudentChoices(db: Queryable, userId: string): Promise<{ intendedMajor: string; favoriteInstitutionIds: number[] }> {
  const [profile, favorites] = await Promise.all([q.findProfileRow(db, userId), q.listFavoriteRows(db, userId)]);
  return {
    intendedMajor: profile?.intended_major ?? '',
    favoriteInstitutionIds: favorites.flatMap((row) => (row.institution_id === null ? [] : [row.institution_id])),
  };
}
