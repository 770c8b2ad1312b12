/** The student area's verbs (spec sections 2–5): profile, favorites, transcripts, appeals, compare, export, deletion. */
import { randomUUID } from 'node:crypto';
import type {
  AppealEvent,
  AppealStatus,
  CompareResponse,
  CompareSchool,
  FavoriteSchool,
  StudentAppeal,
  StudentAppealDetail,
  StudentMe,
  StudentTranscript,
} from '../../../shared/schemas/student';
import { MAX_FAVORITES, SYLLABUS_EXTENSIONS, TRANSCRIPT_EXTENSIONS, splitSchoolList } from '../../../shared/schemas/student';
import { recordAudit } from '../../audit/audit-log';
import type { Database, Queryable } from '../../db/client';
import type { SignedInUser } from '../../http/app-env';
import { HttpError, notFound } from '../../http/errors';
import type { FileStorage } from '../../storage/file-storage';
import { gradeForDecision } from '../equivalencies/engine/grades';
import { decideForCourses } from '../equivalencies/equivalency.service';
import { findInstitution } from '../equivalencies/equivalency.queries';
import { getExamScores } from '../programs';
import { listSavedSearches } from '../search/saved-searches.service';
import { detectFileType } from '../transcripts/reader/detect-file-type';
import { markFileStored } from '../transcripts/transcripts.queries';
import { refuseRepeatedAppeal } from '../appeals/appeal-limits';
import { sealCheckedUpload } from '../uploads/sealed-uploads';
import { refuseUploadWhenDiskIsLow } from '../uploads/upload-guard';
import { checkUpload, tooLarge, UPLOAD_LIMITS, type UploadPurpose } from '../uploads/upload-checks';
import * as q from './student.queries';

const iso = (value: Date | string) => new Date(value).toISOString();
const transcriptFileUrl = (id: string) => `/api/student/transcripts/${id}/file`;

function presentTranscript(row: q.TranscriptRow): StudentTranscript {
  return {
    id: row.id,
    key: row.storage_key,
    url: row.file_id ? transcriptFileUrl(row.id) : null,
    name: row.file_name,
    size: row.size_bytes,
    uploadedAt: iso(row.created_at),
    status: row.status,
  };
}

function presentAppeal(row: q.AppealRow): StudentAppeal {
  const snapshot = row.student_snapshot ?? {};
  return {
    id: row.id,
    courseName: row.course_name,
    courseCode: row.course_code,
    currentSchool: row.current_school,
    targetSchool: row.target_school,
    notes: row.notes,
    syllabusLink: row.syllabus_link,
    syllabusFile: row.syllabus_key ? { key: row.syllabus_key, name: row.syllabus_name ?? '', size: row.syllabus_size } : null,
    student: { name: snapshot.name ?? '', email: snapshot.email ?? '', major: snapshot.major ?? '', currentSchool: snapshot.currentSchool ?? '' },
    status: row.status,
    decision: row.decision,
    studentMessage: row.student_message,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const presentEvent = (row: q.AppealEventRow): AppealEvent => ({
  at: iso(row.created_at),
  from: row.from_status as AppealStatus | null,
  to: row.to_status as AppealStatus,
  decision: row.decision,
  studentMessage: row.student_message,
});

const presentFavorite = (row: q.FavoriteRow): FavoriteSchool => ({ id: row.id, school: row.school });

export async function getStudentMe({ db, user }: { db: Database; user: SignedInUser }): Promise<StudentMe> {
  const [profile, favorites, transcripts, appeals, savedSearches] = await Promise.all([
    q.findProfileRow(db, user.id),
    q.listFavoriteRows(db, user.id),
    q.listTranscriptRows(db, user.id),
    q.listAppealRows(db, user.id),
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
    transcripts: transcripts.map(presentTranscript),
    appeals: appeals.map((row) => ({ id: row.id, courseName: row.course_name, createdAt: iso(row.created_at), status: row.status, targetSchool: row.target_school })),
    savedSearches,
  };
}

async function addFavoriteRows(tx: Queryable, userId: string, schools: string[]) {
  for (const school of schools) {
    const institution = await findInstitution(tx, school);
    await q.insertFavoriteRow(tx, userId, school, institution?.id ?? null);
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
    await q.deleteFavoriteRowsExcept(tx, userId, wanted.map((school) => school.toLowerCase()));
    const existing = new Set((await q.listFavoriteRows(tx, userId)).map((row) => row.school_normalized));
    await addFavoriteRows(tx, userId, wanted.filter((school) => !existing.has(school.toLowerCase())));
  });
}

export async function addFavorites({ db, userId, schools }: { db: Database; userId: string; schools: string }): Promise<FavoriteSchool[]> {
  return db.transaction(async (tx) => {
    const existing = await q.listFavoriteRows(tx, userId);
    const known = new Set(existing.map((row) => row.school_normalized));
    const added = splitSchoolList(schools).filter((school) => !known.has(school.toLowerCase()));
    if (existing.length + added.length > MAX_FAVORITES) throw new HttpError(400, `schools: you can keep at most ${MAX_FAVORITES} favorites.`);
    await addFavoriteRows(tx, userId, added);
    return (await q.listFavoriteRows(tx, userId)).map(presentFavorite);
  });
}

export async function removeFavorite({ db, userId, id }: { db: Database; userId: string; id: string }) {
  if (!(await q.deleteFavoriteRow(db, userId, id))) throw notFound('No favorite with this id.');
}

/** Per-student upload limits (ASVS 5.1.1): upload slots an hour, and transcripts kept at once. */
export const MAX_UPLOAD_SLOTS_PER_HOUR = 30;
export const MAX_TRANSCRIPTS_PER_STUDENT = 25;

const extensionOf = (filename: string) => filename.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';

/** Reserves a server-named storage key (the client never picks one) and signs an upload address for it. */
export async function createUploadSlot({
  db,
  storage,
  userId,
  filename,
  contentType,
  purpose,
}: {
  db: Database;
  storage: FileStorage;
  userId: string;
  filename: string;
  contentType: string;
  purpose: 'transcript' | 'syllabus';
}) {
  const allowed: readonly string[] = purpose === 'transcript' ? TRANSCRIPT_EXTENSIONS : SYLLABUS_EXTENSIONS;
  const extension = extensionOf(filename);
  if (!allowed.includes(extension)) {
    throw new HttpError(400, `filename: a ${purpose} must be one of ${allowed.map((ext) => `.${ext}`).join(', ')}.`);
  }
  if ((await q.countUploadSlotsSince(db, userId, 60)) >= MAX_UPLOAD_SLOTS_PER_HOUR) {
    throw new HttpError(429, `You have started ${MAX_UPLOAD_SLOTS_PER_HOUR} uploads in the last hour. Please wait a while and try again.`);
  }
  if (purpose === 'transcript' && (await q.countTranscripts(db, userId)) >= MAX_TRANSCRIPTS_PER_STUDENT) {
    throw new HttpError(409, `You can keep at most ${MAX_TRANSCRIPTS_PER_STUDENT} transcripts. Delete one you no longer need first.`);
  }
  const key = `${purpose === 'transcript' ? 'transcripts' : 'syllabi'}/${randomUUID()}`;
  const { maxBytes } = UPLOAD_LIMITS[purpose];
  await refuseUploadWhenDiskIsLow(storage, maxBytes);
  await q.insertStoredFileRow(db, { key, ownerId: userId, purpose, originalName: filename, contentType });
  const upload = await storage.createUploadUrl({ key, contentType, maxBytes });
  return { uploadUrl: upload.url, key, method: upload.method, headers: upload.headers, maxBytes };
}

/**
 * Loads the student's own uploaded file and its bytes; 404 when the key is not theirs, 400 when nothing arrived,
 * 413 (and the file is discarded) when it is over the purpose's limit, checked by its size before it is read.
 */
async function loadOwnUpload(db: Database, storage: FileStorage, userId: string, key: string, purpose: UploadPurpose) {
  const file = await q.findOwnStoredFileRow(db, userId, key, purpose);
  if (!file) throw notFound(`No ${purpose} upload with this key.`);
  if (file.status === 'rejected') throw new HttpError(400, 'key: this file was refused. Please upload it again.');
  const info = await storage.stat(file.storage_key);
  if (!info) {
    throw new HttpError(400, file.status === 'stored' ? 'key: the uploaded file is missing. Please upload it again.' : 'key: the file has not been uploaded yet. Upload it, then try again.');
  }
  // S3 does not enforce the signed size, so the limit is checked here too, before any byte is loaded.
  if (info.size > UPLOAD_LIMITS[purpose].maxBytes) {
    await discardUpload(db, storage, file);
    const refusal = tooLarge(purpose);
    throw new HttpError(refusal.status, refusal.message);
  }
  const bytes = await storage.get(file.storage_key);
  if (!bytes) throw new HttpError(400, 'key: the uploaded file is missing. Please upload it again.');
  // With S3 the browser uploads straight to the bucket, so the file is recorded as stored here, on first sight.
  if (file.status === 'pending') await markFileStored(db, file.id, bytes);
  return { file, bytes };
}

/** Refuses (and discards) bytes that fail the upload checks, with the check's status and message. */
async function refuseBadUpload(db: Database, storage: FileStorage, file: q.StoredFileRow, bytes: Buffer, purpose: UploadPurpose, names: string[], field = '') {
  const refusal = await checkUpload(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), purpose, { names });
  if (!refusal) return;
  await discardUpload(db, storage, file);
  throw new HttpError(refusal.status, `${field}${refusal.message}`);
}

/** A refused upload leaves nothing behind: the bytes and the stored_files row go. */
async function discardUpload(db: Database, storage: FileStorage, file: q.StoredFileRow) {
  await storage.delete(file.storage_key);
  await q.deleteStoredFileRow(db, file.id);
}

export async function saveTranscript({
  db,
  storage,
  userId,
  key,
  name,
}: {
  db: Database;
  storage: FileStorage;
  userId: string;
  key: string;
  name: string;
}): Promise<StudentTranscript> {
  const { file, bytes } = await loadOwnUpload(db, storage, userId, key, 'transcript');
  if (await q.transcriptExistsForFile(db, file.id)) throw new HttpError(409, 'key: this file is already saved as a transcript.');
  if ((await q.countTranscripts(db, userId)) >= MAX_TRANSCRIPTS_PER_STUDENT) {
    throw new HttpError(409, `You can keep at most ${MAX_TRANSCRIPTS_PER_STUDENT} transcripts. Delete one you no longer need first.`);
  }
  await refuseBadUpload(db, storage, file, bytes, 'transcript', [file.original_name, name]);
  await sealCheckedUpload({ db, storage }, file, bytes, 'transcript');
  const id = await q.insertTranscriptRow(db, { userId, fileId: file.id, fileName: name || file.original_name });
  const row = await q.findTranscriptRow(db, id, userId);
  if (!row) throw new Error('saved transcript not found');
  return presentTranscript(row);
}

/** The transcript's bytes for its owner, or for an admin (whose read is recorded as a disclosure, FERPA 99.32). */
export async function readTranscriptFile({
  db,
  storage,
  user,
  id,
  ipAddress,
}: {
  db: Database;
  storage: FileStorage;
  user: SignedInUser;
  id: string;
  ipAddress: string;
}) {
  const isAdmin = user.roles.includes('admin') && user.twoFactorEnabled;
  const row = await q.findTranscriptRow(db, id, user.id, isAdmin);
  if (!row || !row.storage_key) throw notFound('No transcript file with this id.');
  const bytes = await storage.get(row.storage_key);
  if (!bytes) throw notFound('No transcript file with this id.');
  if (row.user_id !== user.id) {
    await recordAudit(db, {
      actor: { id: user.id, email: user.email },
      action: 'sensitive_read_transcript',
      subjectType: 'transcript',
      subjectId: row.id,
      studentId: row.user_id,
      ipAddress,
    });
  }
  const detected = detectFileType(bytes);
  return { bytes, name: row.file_name, contentType: detected.refuse ? 'application/octet-stream' : (detected.mime ?? 'application/octet-stream') };
}

export async function deleteTranscript({ db, storage, userId, id }: { db: Database; storage: FileStorage; userId: string; id: string }) {
  const deleted = await q.deleteTranscriptRow(db, id, userId);
  if (!deleted) throw notFound('No transcript with this id.');
  if (deleted.file_id) {
    // A transcript owns its file alone (save-transcript refuses a second transcript on one file).
    await q.deleteStoredFileRow(db, deleted.file_id);
    if (deleted.storage_key) await storage.delete(deleted.storage_key);
  }
}

export async function submitAppeal({
  db,
  storage,
  user,
  input,
}: {
  db: Database;
  storage: FileStorage;
  user: SignedInUser;
  input: {
    courseName: string;
    courseCode: string;
    currentSchool: string;
    targetSchool: string;
    notes: string;
    syllabusLink: string;
    syllabusFile?: { key: string; name: string } | null;
  };
}): Promise<StudentAppeal> {
  const profile = await q.findProfileRow(db, user.id);
  let syllabusFileId: string | null = null;
  if (input.syllabusFile) {
    const { file, bytes } = await loadOwnUpload(db, storage, user.id, input.syllabusFile.key, 'syllabus');
    await refuseBadUpload(db, storage, file, bytes, 'syllabus', [file.original_name, input.syllabusFile.name], 'syllabusFile: ');
    await sealCheckedUpload({ db, storage }, file, bytes, 'syllabus');
    syllabusFileId = file.id;
  }
  const currentSchool = input.currentSchool || profile?.current_school || '';
  // Who the student is comes from the server's own records, never from the request body.
  const snapshot = {
    name: profile?.full_name || user.name,
    email: user.email,
    major: profile?.intended_major ?? '',
    currentSchool,
  };
  const toInstitution = await findInstitution(db, input.targetSchool);
  const id = await db.transaction(async (tx) => {
    await refuseRepeatedAppeal(tx, { userId: user.id, courseCode: input.courseCode, targetSchool: input.targetSchool, toInstitutionId: toInstitution?.id ?? null });
    return q.insertAppealRow(tx, {
      userId: user.id,
      courseName: input.courseName,
      courseCode: input.courseCode,
      currentSchool,
      targetSchool: input.targetSchool,
      toInstitutionId: toInstitution?.id ?? null,
      notes: input.notes,
      syllabusLink: input.syllabusLink || null,
      syllabusFileId,
      snapshot,
    });
  });
  const row = await q.findAppealRow(db, id, user.id);
  if (!row) throw new Error('submitted appeal not found');
  return presentAppeal(row);
}

export async function getAppeal({ db, userId, id }: { db: Database; userId: string; id: string }): Promise<StudentAppealDetail> {
  const row = await q.findAppealRow(db, id, userId);
  if (!row) throw notFound('No appeal with this id.');
  const events = await q.listAppealEventRows(db, [row.id]);
  return { ...presentAppeal(row), timeline: events.map(presentEvent) };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** How the latest analysed transcript fares at two schools, course by course (the profile's Compare favorites). */
export async function compareSchools({ db, userId, a, b }: { db: Database; userId: string; a: string; b: string }): Promise<CompareResponse> {
  const transcript = await q.findLatestAnalysedTranscript(db, userId);
  if (!transcript) return { transcript: null, schools: [] };
  if (!transcript.detected_institution_id) {
    throw new HttpError(422, 'Your latest analysed transcript does not say which school it is from, so it cannot be compared.');
  }
  const rows = await q.listTranscriptCourseRows(db, [transcript.id]);
  const courses = rows.map((row) => ({
    subject: row.subject,
    number: row.number,
    title: row.title,
    credits: row.earned ?? row.credits,
    grade: gradeForDecision(row.grade, row.in_progress),
    term: row.term,
  }));
  const schools: CompareSchool[] = [];
  for (const [field, name] of [
    ['a', a],
    ['b', b],
  ] as const) {
    const institution = await findInstitution(db, name);
    if (!institution) throw new HttpError(404, `${field}: we do not know the school '${name}' yet.`);
    const { to, decisions } = await decideForCourses(db, {
      fromInstitutionId: transcript.detected_institution_id,
      toInstitutionId: institution.id,
      courses,
      withSuggestions: false,
    });
    const compared = courses.map((course, index) => {
      const decision = decisions[index];
      return {
        subject: course.subject,
        number: course.number,
        title: course.title,
        credits: Number(course.credits ?? 0),
        status: decision?.status ?? 'NO_TRANSFER',
        transfersTo: decision?.transfersTo ?? null,
        creditsAwarded: Number(decision?.creditsAwarded ?? 0),
      };
    });
    const sum = (status: string) => round2(compared.filter((course) => course.status === status).reduce((total, course) => total + course.credits, 0));
    const total = round2(compared.reduce((sumCredits, course) => sumCredits + course.credits, 0));
    const direct = sum('DIRECT');
    schools.push({
      query: name,
      school: { id: to.id, name: to.name },
      courses: compared,
      credits: { total, direct, review: sum('NEEDS_EVAL'), none: sum('NO_TRANSFER') },
      acceptedShare: total > 0 ? round2(direct / total) : 0,
    });
  }
  return { transcript: { id: transcript.id, name: transcript.file_name, fromSchool: transcript.detected_institution_name }, schools };
}

/** Everything the app keeps about the student, as one JSON document (FERPA access right; GDPR-style export). */
export async function exportStudentData({ db, user }: { db: Database; user: SignedInUser }) {
  const me = await getStudentMe({ db, user });
  const account = await q.findUserRow(db, user.id);
  const transcriptRows = await q.listTranscriptCourseRows(db, me.transcripts.map((transcript) => transcript.id));
  const appealRows = await q.listAppealRows(db, user.id);
  const events = await q.listAppealEventRows(db, appealRows.map((row) => row.id));
  return {
    exportedAt: new Date().toISOString(),
    account: { id: user.id, name: account?.name ?? user.name, email: user.email, roles: user.roles, createdAt: account ? iso(account.createdAt) : null },
    profile: me.profile,
    favorites: me.favorites,
    savedSearches: me.savedSearches,
    transcripts: me.transcripts.map((transcript) => ({
      ...transcript,
      rows: transcriptRows
        .filter((row) => row.transcript_id === transcript.id)
        .map((row) => ({
          subject: row.subject,
          number: row.number,
          title: row.title,
          credits: row.credits,
          earned: row.earned,
          grade: row.grade,
          term: row.term,
          status: row.status,
          transfersTo: row.transfers_to,
        })),
    })),
    appeals: appealRows.map((row) => ({
      ...presentAppeal(row),
      timeline: events.filter((event) => event.appeal_id === row.id).map(presentEvent),
    })),
    examScores: (await getExamScores({ db, userId: user.id })).map(({ examType, exam, score }) => ({ examType, exam, score })),
  };
}

/** Deletes the account (every row cascades) and then the student's files in storage. */
export async function deleteStudentAccount({ db, storage, userId }: { db: Database; storage: FileStorage; userId: string }) {
  const keys = await q.listStorageKeysOwnedBy(db, userId);
  await q.deleteUserRow(db, userId);
  for (const key of keys) await storage.delete(key);
}

export async function listAnnouncements({ db }: { db: Database }) {
  const rows = await q.listPublishedAnnouncementRows(db, 20);
  return rows.map((row) => ({ id: row.id, title: row.title, body: row.body, createdAt: iso(row.created_at) }));
}
