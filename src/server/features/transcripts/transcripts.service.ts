/**
 * Transcripts, from upload to report: the search screen's one-off analysis (signed in or not) and the transcripts a
 * student keeps on their profile. Who may read one is transcript-access.ts; the analysis job is transcript-analysis.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  MAX_TRANSCRIPT_BYTES,
  NO_COURSES_ANSWER_DAYS,
  transcriptContentType,
  type CreateTranscriptResponse,
  type NoCoursesFound,
  type TranscriptCourseFields,
  type TranscriptResponse,
} from '../../../shared/schemas/transcripts';
import type { StudentTranscript } from '../../../shared/schemas/student';
import { verdictClassOfStatus } from '../../../shared/schemas/verdict-class';
import type { UnreadableTranscript, UnreadableTranscriptList } from '../../../shared/schemas/evaluation-queue';
import { recordAudit } from '../../audit/audit-log';
import type { Database, Queryable } from '../../db/client';
import { conflict, DomainError, invalid, invalidField, notFound, tooLarge, unsupportedType } from '../../domain-errors';
import type { AppDeps, SignedInUser } from '../../http/app-env';
import { enqueueJob, JOB_PRIORITY } from '../../jobs/job-queue';
import type { Logger } from '../../logger';
import type { FileStorage } from '../../storage/file-storage';
import { readGrade } from '../equivalencies';
import { findInstitution, findInstitutionById } from '../institutions';
import { detectFileType } from './reader/detect-file-type';
import { claimOwnUpload, refuseTranscriptOverLimit } from './stored-files';
import { deleteStoredFileRow, markFileRejected, markFileStored } from './stored-files.queries';
import { sealCheckedUpload } from './sealed-uploads';
import { presentRemovedRow, presentReportRow, presentReportSummary } from './report-presenter';
import { decideStoredRows, TRANSCRIPT_ANALYZE_JOB } from './transcript-analysis';
import { courseCredits, takenCourseOf, type TakenCourse } from './taken-course';
import { findTranscriptForReader, hashVisitorToken, readTranscriptAs, type TranscriptReader } from './transcript-access';
import { checkUpload, type UploadRefusal } from './upload-checks';
import { refuseUploadWhenDiskIsLow } from './upload-guard';
import { admitVisitorBytes, admitVisitorSlot, VISITOR_LIMITS } from './visitor-quotas';
import {
  claimVisitorTranscript,
  deleteOwnTranscript,
  deleteTranscriptAndFile,
  findLatestAnalysedTranscript,
  insertProfileTranscript,
  insertStudentRow,
  insertTranscriptWithFile,
  keepUnreadableTranscript,
  listExpiredVisitorTranscripts,
  listReportRows,
  listSavedTranscriptRows,
  listTranscriptCourseRows,
  listUnansweredNoCourseTranscripts,
  listUnreadableTranscriptRows,
  lockTranscript,
  setIssuingSchool,
  markUnreadableTranscriptRead,
  setRowRemoved,
  setTranscriptCalendar,
  transcriptExistsForFile,
  updateRowFields,
  updateTranscriptState,
  type SavedTranscriptRow,
  type StudentRowFields,
  type TranscriptRecord,
  type UnreadableTranscriptRow,
} from './transcripts.queries';

/** A destination given as an id (0 = none) or a key/name; an unknown one is invalid, naming the field. */
async function resolveDestination(db: Queryable, input: { toInstitutionId?: number | null; toInstitution?: string | null }): Promise<number | null> {
  if (input.toInstitution) {
    const found = await findInstitution(db, input.toInstitution);
    if (!found) throw invalidField('toInstitution', `we do not know the school "${input.toInstitution}".`, 'unknown school');
    return found.id;
  }
  if (input.toInstitutionId) {
    const found = await findInstitutionById(db, input.toInstitutionId);
    if (!found) throw invalidField('toInstitutionId', `no school has id ${input.toInstitutionId}.`, 'unknown school');
    return found.id;
  }
  return null;
}

/** Step 1: records the file's metadata and hands back an address to PUT the bytes to. */
export async function startTranscriptUpload(
  deps: AppDeps,
  input: {
    userId: string | null;
    /** Where the request came from: a signed-out visitor's quotas are per address. */
    address: string;
    /** A signed-out visitor's browser id (http/visitor-browser.ts): their uploads count as one student's. */
    visitorBrowser?: string | null;
    fileName: string;
    fileType: string;
    size: number;
    toInstitutionId?: number | null;
    toInstitution?: string | null;
  },
): Promise<CreateTranscriptResponse> {
  if (input.size > MAX_TRANSCRIPT_BYTES) throw tooLarge(`size: the file is larger than the ${MAX_TRANSCRIPT_BYTES / 1024 / 1024} MB limit.`);
  if (input.size === 0) throw invalidField('size', 'the file is empty. Please choose your transcript file again.');
  const contentType = transcriptContentType(input.fileName, input.fileType);
  if (!contentType) {
    throw unsupportedType(`fileType: ${input.fileType || 'this kind of file'} is not supported. Please upload a PDF, JPEG or PNG of your transcript.`, {
      fields: [{ field: 'fileType', message: 'must be a PDF, JPEG or PNG' }],
    });
  }
  const toInstitutionId = await resolveDestination(deps.db, input);
  await refuseUploadWhenDiskIsLow(deps.storage, input.size);
  if (!input.userId) await admitVisitorSlot(deps, { address: input.address, declaredBytes: input.size });
  const storageKey = `transcripts/${randomUUID()}`;
  const accessToken = input.userId ? null : randomBytes(32).toString('base64url');
  // A visitor's slot waits for its bytes only a few minutes (visitor-quotas.ts): its address expires with it.
  const upload = await deps.storage.createUploadUrl({
    key: storageKey,
    contentType,
    maxBytes: MAX_TRANSCRIPT_BYTES,
    ...(input.userId ? {} : { expiresInSeconds: VISITOR_LIMITS.slotMinutes * 60 }),
  });
  const id = await insertTranscriptWithFile(deps.db, {
    userId: input.userId,
    storageKey,
    fileName: input.fileName,
    contentType,
    toInstitutionId,
    visitorTokenHash: accessToken ? hashVisitorToken(accessToken) : null,
    uploaderAddress: input.userId ? null : input.address,
    visitorBrowserHash: !input.userId && input.visitorBrowser ? hashVisitorToken(input.visitorBrowser) : null,
  });
  return { id, upload, ...(accessToken ? { accessToken } : {}) };
}

/** Refuses the stored bytes (and deletes them) with a message that says what is wrong. */
async function refuseFile(deps: AppDeps, transcript: TranscriptRecord, refusal: UploadRefusal): Promise<never> {
  // A transcript the student keeps on their profile stays stored (nothing stored is lost); a one-off upload goes.
  if (transcript.uploaded_from !== 'profile') {
    if (transcript.storage_key) await deps.storage.delete(transcript.storage_key).catch(() => undefined);
    if (transcript.file_id) await markFileRejected(deps.db, transcript.file_id);
  }
  await updateTranscriptState(deps.db, transcript.id, { status: 'failed', progress: 0, error: refusal.message });
  deps.logger.info('upload_validation', { transcriptId: transcript.id, outcome: 'refused', reason: refusal.message });
  throw new DomainError(refusal.kind, refusal.message);
}

/** Step 3: checks the uploaded bytes by their content and queues the analysis. */
export async function requestTranscriptAnalysis(
  deps: AppDeps,
  input: { id: string; reader: TranscriptReader; toInstitutionId?: number | null; toInstitution?: string | null },
): Promise<{ id: string; status: 'queued' }> {
  const transcript = await findTranscriptForReader(deps.db, input.id, input.reader);
  if (['queued', 'reading', 'matching'].includes(transcript.status)) throw conflict('This transcript is already being analysed.');
  const toInstitutionId = (await resolveDestination(deps.db, input)) ?? transcript.to_institution_id;
  if (!toInstitutionId) throw invalidField('toInstitutionId', 'choose the school you are transferring to.', 'is required');
  if (transcript.file_status === 'rejected') throw invalid('This file was refused. Please upload your transcript again.');
  const bytes = transcript.storage_key ? await deps.storage.get(transcript.storage_key) : null;
  if (!bytes || bytes.byteLength === 0) throw conflict('The file has not been uploaded yet. Upload it to the address you were given, then ask again.');
  // With S3 the browser uploads straight to the bucket, so the file is recorded as stored here, on first sight (and a
  // visitor's bytes counted against their quotas now).
  if (transcript.file_status === 'pending' && transcript.storage_key) {
    if (transcript.visitor_address) {
      await admitVisitorBytes(deps, { address: transcript.visitor_address, incomingBytes: bytes.byteLength }).catch(async (error: unknown) => {
        await deps.storage.delete(transcript.storage_key!).catch(() => undefined);
        throw error;
      });
    }
    await markFileStored(deps.db, transcript.storage_key, bytes);
  }
  // The reader checks again in its worker thread: bytes swapped after this end in a failed analysis, not a crash.
  const refusal = await checkUpload(new Uint8Array(bytes), 'transcript-reading', { contentType: transcript.content_type });
  if (refusal) return refuseFile(deps, transcript, refusal);
  if (transcript.file_id) await sealCheckedUpload(deps, { id: transcript.file_id }, new Uint8Array(bytes), 'transcript-reading');
  await updateTranscriptState(deps.db, transcript.id, { status: 'queued', progress: 0, error: null, toInstitutionId });
  await enqueueJob(deps.db, {
    kind: TRANSCRIPT_ANALYZE_JOB,
    payload: { transcriptId: transcript.id },
    priority: transcript.user_id ? JOB_PRIORITY.normal : JOB_PRIORITY.visitor,
  });
  return { id: transcript.id, status: 'queued' };
}

/** The spec's transcript response plus the analysis state, the summary and the on-screen result items. */
export async function presentTranscriptReport(db: Queryable, transcript: TranscriptRecord): Promise<TranscriptResponse> {
  const rows = await listReportRows(db, transcript.id);
  const school = transcript.detected_institution_name ?? 'Unknown school';
  const kept = rows.filter((row) => !row.removed_by_student);
  const reportRows = kept.map((row) => presentReportRow(row, school));
  const summary = presentReportSummary(transcript.summary);
  const calendarSource = transcript.credit_calendar_source;
  return {
    id: transcript.id,
    source: transcript.source,
    error: transcript.error,
    status: transcript.status as TranscriptResponse['status'],
    calendar: calendarSource
      ? {
          value: transcript.credit_calendar,
          source: calendarSource === 'unknown' ? null : calendarSource,
          evidence: transcript.credit_calendar_evidence,
          askStudent: calendarSource === 'unknown',
          destination: transcript.to_institution_calendar,
        }
      : null,
    progress: transcript.progress,
    fileName: transcript.file_name,
    detectedInstitution:
      transcript.detected_institution_id !== null && transcript.detected_institution_name
        ? { id: transcript.detected_institution_id, name: transcript.detected_institution_name }
        : null,
    institutionName: transcript.detected_institution_name,
    destination:
      transcript.to_institution_id !== null && transcript.to_institution_key && transcript.to_institution_name
        ? { id: transcript.to_institution_id, key: transcript.to_institution_key, name: transcript.to_institution_name }
        : null,
    summary,
    rows: reportRows,
    removedRows: rows.filter((row) => row.removed_by_student).map(presentRemovedRow),
    expiresAt: transcript.user_id === null && transcript.expires_at ? new Date(transcript.expires_at).toISOString() : null,
    noCourses: noCoursesFound(transcript),
  };
}

export async function claimTranscript(db: Queryable, input: { id: string; userId: string; token: string | undefined }): Promise<void> {
  if (!input.token) throw notFound('No such transcript.');
  const claimed = await claimVisitorTranscript(db, { id: input.id, userId: input.userId, visitorTokenHash: hashVisitorToken(input.token) });
  if (!claimed) throw notFound('No such transcript.');
}

/** Only the student it belongs to (or the visitor holding its token) corrects a transcript; an admin reads it only. */
async function findCorrectableTranscript(db: Queryable, id: string, reader: TranscriptReader): Promise<TranscriptRecord> {
  const transcript = await findTranscriptForReader(db, id, { ...reader, isAdmin: false });
  if (transcript.status !== 'done' || !transcript.to_institution_id) {
    throw conflict('This transcript has no report to correct yet. Wait for its analysis to finish, then try again.');
  }
  return transcript;
}

/** In progress when the grade says so, or when no grade is given for a row that was in progress. */
const stillInProgress = (grade: string | null, wasInProgress: boolean) => readGrade(grade).kind === 'in-progress' || (grade === null && wasInProgress);

async function correctAndDecide(db: Database, transcriptId: string, reader: TranscriptReader, change: (tx: Queryable) => Promise<boolean>): Promise<TranscriptResponse> {
  const transcript = await findCorrectableTranscript(db, transcriptId, reader);
  await db.transaction(async (tx) => {
    await lockTranscript(tx, transcript.id);
    if (!(await change(tx))) throw notFound('No such course on this transcript.');
    await decideStoredRows(tx, transcript);
  });
  return presentTranscriptReport(db, await findTranscriptForReader(db, transcript.id, { ...reader, isAdmin: false }));
}

/** "What we read": the student adds a course the reader missed; the report is decided again. */
export async function addTranscriptRow(db: Database, input: { id: string; reader: TranscriptReader; row: TranscriptCourseFields }): Promise<TranscriptResponse> {
  const { row } = input;
  return correctAndDecide(db, input.id, input.reader, async (tx) => {
    await insertStudentRow(tx, input.id, { ...row, inProgress: stillInProgress(row.grade, false) });
    return true;
  });
}

/** "What we read": the student fixes a row (code, title, credits, grade, term) or removes it; the report is decided again. */
export async function correctTranscriptRow(
  db: Database,
  input: { id: string; rowId: string; reader: TranscriptReader; changes: Partial<TranscriptCourseFields> & { removed?: boolean } },
): Promise<TranscriptResponse> {
  const { removed, ...fields } = input.changes;
  return correctAndDecide(db, input.id, input.reader, async (tx) => {
    if (removed !== undefined) return setRowRemoved(tx, input.id, input.rowId, removed);
    const current = (await listReportRows(tx, input.id)).find((row) => row.id === input.rowId);
    if (!current) return false;
    const next: StudentRowFields = {
      subject: fields.subject ?? current.subject,
      number: fields.number ?? current.number,
      title: fields.title ?? current.title,
      credits: fields.credits ?? courseCredits(current),
      grade: fields.grade === undefined ? current.grade : fields.grade,
      term: fields.term === undefined ? current.term : fields.term,
      inProgress: false,
    };
    next.inProgress = stillInProgress(next.grade, current.in_progress && next.grade === current.grade);
    return updateRowFields(tx, input.id, input.rowId, next);
  });
}

/**
 * The student says which school issued the transcript (the page named none, one the directory does not know, or a
 * name two schools share): every row is decided again from that school, as the student's other corrections are.
 */
export async function chooseIssuingSchool(db: Database, input: { id: string; reader: TranscriptReader; institution: string }): Promise<TranscriptResponse> {
  const transcript = await findCorrectableTranscript(db, input.id, input.reader);
  const school = await findInstitution(db, input.institution);
  if (!school) throw invalidField('institution', 'choose the school from the list offered.', 'must be a school we know');
  await db.transaction(async (tx) => {
    await lockTranscript(tx, transcript.id);
    await setIssuingSchool(tx, transcript.id, school);
    await decideStoredRows(tx, { ...transcript, detected_institution_id: school.id, detected_institution_name: school.name });
  });
  return presentTranscriptReport(db, await findTranscriptForReader(db, transcript.id, { ...input.reader, isAdmin: false }));
}

/**
 * The student says whether the transcript's credits are quarter or semester credits (the report asked, or they
 * corrected what the page or the school's entry said); the report is decided again, converted where the calendars differ.
 */
export async function setTranscriptCreditCalendar(db: Database, input: { id: string; reader: TranscriptReader; calendar: 'quarter' | 'semester' }): Promise<TranscriptResponse> {
  const transcript = await findCorrectableTranscript(db, input.id, input.reader);
  const calendar = { calendar: input.calendar, source: 'student' as const, evidence: null };
  await db.transaction(async (tx) => {
    await lockTranscript(tx, transcript.id);
    await setTranscriptCalendar(tx, transcript.id, calendar);
    await decideStoredRows(tx, { ...transcript, credit_calendar: calendar.calendar, credit_calendar_source: calendar.source, credit_calendar_evidence: null });
  });
  return presentTranscriptReport(db, await findTranscriptForReader(db, transcript.id, { ...input.reader, isAdmin: false }));
}

/** Privacy: a signed-out visitor's transcript and its file are deleted 24 h after analysis; a slot that got no file, minutes after. */
export async function deleteExpiredVisitorTranscripts(deps: AppDeps): Promise<number> {
  // A slot's address expires after slotMinutes; five more let an upload that started in time finish.
  const expired = await listExpiredVisitorTranscripts(deps.db, { waitingMinutes: VISITOR_LIMITS.slotMinutes + 5 });
  for (const transcript of expired) {
    if (transcript.storage_key) await deps.storage.delete(transcript.storage_key).catch(() => undefined);
    await deleteTranscriptAndFile(deps.db, { id: transcript.id, fileId: transcript.file_id });
  }
  if (expired.length > 0) deps.logger.info('visitor_transcripts_deleted', { count: expired.length });
  return expired.length;
}

// ---------------------------------------------------------------------------
// The transcripts a student keeps on their profile
// ---------------------------------------------------------------------------

const transcriptFileUrl = (id: string) => `/api/student/transcripts/${id}/file`;

/**
 * Whether the reader found no courses in a student's file: asked (discarded after NO_COURSES_ANSWER_DAYS unless the
 * student says it is a transcript), kept (they said it is), or null.
 */
export function noCoursesFound(row: { no_courses_found_at: Date | string | null; kept_unreadable_at: Date | string | null }): NoCoursesFound | null {
  if (row.kept_unreadable_at) return { state: 'kept' };
  if (!row.no_courses_found_at) return null;
  const discardsAt = new Date(new Date(row.no_courses_found_at).getTime() + NO_COURSES_ANSWER_DAYS * 24 * 60 * 60_000);
  return { state: 'asked', discardsAt: discardsAt.toISOString() };
}

/** A kept transcript as the student's profile lists it. */
export function presentSavedTranscript(row: SavedTranscriptRow): StudentTranscript {
  return {
    id: row.id,
    key: row.storage_key,
    url: row.file_id ? transcriptFileUrl(row.id) : null,
    name: row.file_name,
    size: row.size_bytes,
    uploadedAt: new Date(row.created_at).toISOString(),
    status: row.status,
    uploadedFrom: row.uploaded_from,
    destination: row.to_institution_name,
    noCourses: noCoursesFound(row),
  };
}

export async function listSavedTranscripts(db: Queryable, userId: string): Promise<StudentTranscript[]> {
  return (await listSavedTranscriptRows(db, userId)).map(presentSavedTranscript);
}

/** Keeps an uploaded file on the student's profile, once its bytes pass the checks. */
export async function saveProfileTranscript({
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
  const file = await claimOwnUpload({
    db,
    storage,
    userId,
    key,
    purpose: 'transcript',
    names: (stored) => [stored.original_name, name],
    before: async (stored) => {
      if (await transcriptExistsForFile(db, stored.id)) throw conflict('key: this file is already saved as a transcript.');
      await refuseTranscriptOverLimit(db, userId);
    },
  });
  const id = await insertProfileTranscript(db, { userId, fileId: file.id, fileName: name || file.original_name });
  const saved = (await listSavedTranscriptRows(db, userId)).find((row) => row.id === id);
  if (!saved) throw new Error('saved transcript not found');
  return presentSavedTranscript(saved);
}

/**
 * A transcript's file for whoever may read it (transcript-access.ts): its owner, or a verified admin, whose read is
 * recorded as a disclosure. `ownerId` limits the read to that student's transcripts.
 */
export async function readTranscriptFile(
  deps: { db: Queryable; storage: FileStorage; logger: Logger },
  input: { id: string; user: SignedInUser; ownerId?: string; ipAddress: string; requestId?: string },
): Promise<{ bytes: Buffer; name: string; contentType: string }> {
  return readTranscriptAs(deps, input, async (transcript) => {
    const bytes = transcript.storage_key && transcript.file_status !== 'rejected' ? await deps.storage.get(transcript.storage_key) : null;
    if (!bytes) throw notFound('No transcript file with this id.');
    const detected = detectFileType(bytes);
    return { bytes, name: transcript.file_name, contentType: detected.refuse ? 'application/octet-stream' : (detected.mime ?? 'application/octet-stream') };
  });
}

export async function deleteProfileTranscript({ db, storage, userId, id }: { db: Queryable; storage: FileStorage; userId: string; id: string }) {
  const deleted = await deleteOwnTranscript(db, id, userId);
  if (!deleted) throw notFound('No transcript with this id.');
  if (deleted.file_id) {
    // A transcript owns its file alone (save-transcript refuses a second transcript on one file).
    await deleteStoredFileRow(db, deleted.file_id);
    if (deleted.storage_key) await storage.delete(deleted.storage_key);
  }
}

/**
 * The student says the file the reader found no courses in is a transcript: it is kept, counted among their
 * transcripts, and listed on the evaluation queue for the registrar to read by hand. (Saying it is not: the delete.)
 */
export async function keepUnreadableFile({ db, userId, id }: { db: Queryable; userId: string; id: string }): Promise<StudentTranscript> {
  if (!(await keepUnreadableTranscript(db, id, userId))) throw notFound('No file with this id is waiting for your answer.');
  const saved = (await listSavedTranscriptRows(db, userId)).find((row) => row.id === id);
  if (!saved) throw notFound('No file with this id is waiting for your answer.');
  return presentSavedTranscript(saved);
}

/** Students' files the reader found no courses in, whose question went unanswered for NO_COURSES_ANSWER_DAYS: discarded. */
export async function discardUnansweredNonTranscripts(deps: Pick<AppDeps, 'db' | 'storage' | 'logger'>): Promise<number> {
  const unanswered = await listUnansweredNoCourseTranscripts(deps.db);
  for (const transcript of unanswered) {
    if (transcript.storage_key) await deps.storage.delete(transcript.storage_key).catch(() => undefined);
    await deleteTranscriptAndFile(deps.db, { id: transcript.id, fileId: transcript.file_id });
  }
  if (unanswered.length > 0) deps.logger.info('unanswered_non_transcripts_discarded', { count: unanswered.length });
  return unanswered.length;
}

const presentUnreadable = (row: UnreadableTranscriptRow): UnreadableTranscript => ({
  id: row.id,
  student: { id: row.user_id, name: row.student_name, email: row.student_email },
  fileName: row.file_name,
  size: row.size_bytes === null ? null : Number(row.size_bytes),
  destination: row.to_institution_id !== null && row.to_institution_name ? { id: row.to_institution_id, name: row.to_institution_name } : null,
  keptAt: new Date(row.kept_unreadable_at).toISOString(),
  fileUrl: `/api/admin/students/${encodeURIComponent(row.user_id)}/transcripts/${row.id}/file`,
});

/** The files students kept as transcripts though the reader found no courses in them, for the registrar to read. */
export async function listUnreadableTranscripts(db: Queryable, limit = 50): Promise<UnreadableTranscriptList> {
  const { rows, total } = await listUnreadableTranscriptRows(db, limit);
  return { transcripts: rows.map(presentUnreadable), total };
}

/** A registrar read one of them by hand: it leaves the queue (audited). */
export async function markUnreadableRead(db: Database, input: { id: string; actor: SignedInUser; ipAddress: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const studentId = await markUnreadableTranscriptRead(tx, input.id, input.actor.id);
    if (!studentId) throw notFound('No unread file with this id is on the queue.');
    await recordAudit(tx, { actor: input.actor, action: 'unreadable_transcript_read', subjectType: 'transcript', subjectId: input.id, studentId, ipAddress: input.ipAddress });
  });
}

/** The student's latest analysed transcript with its courses as the engine takes them (the profile's Compare favorites). */
export async function readLatestAnalysedTranscript(
  db: Queryable,
  userId: string,
): Promise<{ id: string; name: string; fromInstitutionId: number | null; fromSchool: string | null; fromCalendar: 'quarter' | 'semester' | null; courses: TakenCourse[] } | null> {
  const transcript = await findLatestAnalysedTranscript(db, userId);
  if (!transcript) return null;
  const rows = await listTranscriptCourseRows(db, [transcript.id]);
  return {
    id: transcript.id,
    name: transcript.file_name,
    fromInstitutionId: transcript.detected_institution_id,
    fromSchool: transcript.detected_institution_name,
    fromCalendar: transcript.credit_calendar,
    courses: rows.map(takenCourseOf),
  };
}

/** Every row of these transcripts, as the student's data export lists them. */
export async function exportTranscriptRows(db: Queryable, transcriptIds: string[]) {
  const rows = await listTranscriptCourseRows(db, transcriptIds);
  return rows.map(({ transcript_id: transcriptId, in_progress: _inProgress, in_transfer_section: _inTransferSection, transfers_to: transfersTo, verdict_class: verdictClass, ...course }) => ({
    transcriptId,
    row: { ...course, transfersTo, verdictClass: verdictClass ?? verdictClassOfStatus(course.status) },
  }));
}
