import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  MAX_TRANSCRIPT_BYTES,
  MAX_TRANSCRIPT_PAGES,
  transcriptContentType,
  transcriptStatusLabel,
  type CreateTranscriptResponse,
  type CreditConversionDto,
  type RowCorrection,
  type TranscriptCourseFields,
  type TranscriptResponse,
  type TranscriptResultItem,
  type TranscriptRowStatus,
} from '../../../shared/schemas/transcripts';
import type { Database, Queryable } from '../../db/client';
import type { AppDeps } from '../../http/app-env';
import { HttpError } from '../../http/errors';
import { ABANDONED_JOB_REASON, enqueueJob, JOB_PRIORITY, JobInputError, type JobRow } from '../../jobs/job-queue';
import type { JobHandler } from '../../jobs/job-runner';
import { creditsAtDestination } from '../equivalencies/engine/credit-conversion';
import { gradeForDecision, readGrade } from '../equivalencies/engine/grades';
import type { DecisionEvidence } from '../equivalencies/engine/types';
import { isShownToStudents } from '../equivalencies/engine/student-suggestions';
import { decideForCourses } from '../equivalencies/equivalency.service';
import { findInstitution } from '../equivalencies/equivalency.queries';
import { sealCheckedUpload } from '../uploads/sealed-uploads';
import { refuseUploadWhenDiskIsLow } from '../uploads/upload-guard';
import { reserveVisitorUpload } from './visitor-quotas';
import { checkUpload } from '../uploads/upload-checks';
import { ReaderCrashedError, readTranscriptInWorker } from './reader/read-transcript-in-worker';
import { NO_COURSE_ROWS_MESSAGE, TranscriptReadError, type ReadRow } from './reader/types';
import {
  claimVisitorTranscript,
  deleteTranscriptAndFile,
  deleteTranscriptRows,
  findReadableTranscript,
  findTranscriptById,
  insertTranscriptWithFile,
  listExpiredVisitorTranscripts,
  insertStudentRow,
  listTranscriptRows,
  lockTranscript,
  markFileRejected,
  markFileStored,
  saveAnalysis,
  saveDecisions,
  setRowRemoved,
  setTranscriptProgress,
  updateRowFields,
  updateTranscriptState,
  type AnalyzedRow,
  type StudentRowFields,
  type TranscriptReader,
  type TranscriptRecord,
  type TranscriptRowRecord,
} from './transcripts.queries';

export const TRANSCRIPT_ANALYZE_JOB = 'transcript.analyze';
export const UNKNOWN_SCHOOL_REASON = "We don't know this school's courses yet, so the destination school will need to review this course.";
const READ_FAILED_PREFIX = 'We could not read this file.';

export const hashVisitorToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A destination given as an id (0 = none) or a key/name; unknown → 400 naming the field. */
async function resolveDestination(db: Queryable, input: { toInstitutionId?: number | null; toInstitution?: string | null }): Promise<number | null> {
  if (input.toInstitution) {
    const found = await findInstitution(db, input.toInstitution);
    if (!found) throw new HttpError(400, `toInstitution: we do not know the school "${input.toInstitution}".`, { fields: [{ field: 'toInstitution', message: 'unknown school' }] });
    return found.id;
  }
  if (input.toInstitutionId) {
    const [row] = await db.query<{ id: number }>(`select id from institutions where id = $1`, [input.toInstitutionId]);
    if (!row) throw new HttpError(400, `toInstitutionId: no school has id ${input.toInstitutionId}.`, { fields: [{ field: 'toInstitutionId', message: 'unknown school' }] });
    return row.id;
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
    fileName: string;
    fileType: string;
    size: number;
    toInstitutionId?: number | null;
    toInstitution?: string | null;
  },
): Promise<CreateTranscriptResponse> {
  if (input.size > MAX_TRANSCRIPT_BYTES) throw new HttpError(413, `size: the file is larger than the ${MAX_TRANSCRIPT_BYTES / 1024 / 1024} MB limit.`);
  if (input.size === 0) throw new HttpError(400, 'size: the file is empty. Please choose your transcript file again.');
  const contentType = transcriptContentType(input.fileName, input.fileType);
  if (!contentType) {
    throw new HttpError(415, `fileType: ${input.fileType || 'this kind of file'} is not supported. Please upload a PDF, JPEG or PNG of your transcript.`, {
      fields: [{ field: 'fileType', message: 'must be a PDF, JPEG or PNG' }],
    });
  }
  const toInstitutionId = await resolveDestination(deps.db, input);
  await refuseUploadWhenDiskIsLow(deps.storage, input.size);
  if (!input.userId) await reserveVisitorUpload(deps, { address: input.address, declaredBytes: input.size });
  const storageKey = `transcripts/${randomUUID()}`;
  const accessToken = input.userId ? null : randomBytes(32).toString('base64url');
  const upload = await deps.storage.createUploadUrl({ key: storageKey, contentType, maxBytes: MAX_TRANSCRIPT_BYTES });
  const id = await insertTranscriptWithFile(deps.db, {
    userId: input.userId,
    storageKey,
    fileName: input.fileName,
    contentType,
    sizeBytes: input.size,
    toInstitutionId,
    visitorTokenHash: accessToken ? hashVisitorToken(accessToken) : null,
    uploaderAddress: input.userId ? null : input.address,
  });
  return { id, upload, ...(accessToken ? { accessToken } : {}) };
}

export async function getReadableTranscript(db: Queryable, id: string, reader: TranscriptReader): Promise<TranscriptRecord> {
  const transcript = await findReadableTranscript(db, id, reader);
  if (!transcript) throw new HttpError(404, 'No such transcript.');
  return transcript;
}

/** Refuses the stored bytes (and deletes them) with a message that says what is wrong. */
async function refuseFile(deps: AppDeps, transcript: TranscriptRecord, status: 400 | 413 | 415 | 422, message: string): Promise<never> {
  // A transcript the student keeps on their profile stays stored (nothing stored is lost); a one-off upload goes.
  if (transcript.uploaded_from !== 'profile') {
    if (transcript.storage_key) await deps.storage.delete(transcript.storage_key).catch(() => undefined);
    if (transcript.file_id) await markFileRejected(deps.db, transcript.file_id);
  }
  await updateTranscriptState(deps.db, transcript.id, { status: 'failed', progress: 0, error: message });
  deps.logger.info('upload_validation', { transcriptId: transcript.id, outcome: 'refused', reason: message });
  throw new HttpError(status, message);
}

/** Step 3: checks the uploaded bytes by their content and queues the analysis. */
export async function requestTranscriptAnalysis(
  deps: AppDeps,
  input: { id: string; reader: TranscriptReader; toInstitutionId?: number | null; toInstitution?: string | null },
): Promise<{ id: string; status: 'queued' }> {
  const transcript = await getReadableTranscript(deps.db, input.id, input.reader);
  if (['queued', 'reading', 'matching'].includes(transcript.status)) throw new HttpError(409, 'This transcript is already being analysed.');
  const toInstitutionId = (await resolveDestination(deps.db, input)) ?? transcript.to_institution_id;
  if (!toInstitutionId) {
    throw new HttpError(400, 'toInstitutionId: choose the school you are transferring to.', { fields: [{ field: 'toInstitutionId', message: 'is required' }] });
  }
  if (transcript.file_status === 'rejected') throw new HttpError(400, 'This file was refused. Please upload your transcript again.');
  const bytes = transcript.storage_key ? await deps.storage.get(transcript.storage_key) : null;
  if (!bytes || bytes.byteLength === 0) throw new HttpError(409, 'The file has not been uploaded yet. Upload it to the address you were given, then ask again.');
  // With S3 the browser uploads straight to the bucket, so the file is recorded as stored here, on first sight.
  if (transcript.file_status === 'pending' && transcript.file_id) await markFileStored(deps.db, transcript.file_id, bytes);
  // The reader checks again in its worker thread: bytes swapped after this end in a failed analysis, not a crash.
  const refusal = await checkUpload(new Uint8Array(bytes), 'transcript-reading', { contentType: transcript.content_type });
  if (refusal) return refuseFile(deps, transcript, refusal.status, refusal.message);
  if (transcript.file_id) await sealCheckedUpload(deps, { id: transcript.file_id }, new Uint8Array(bytes), 'transcript-reading');
  await updateTranscriptState(deps.db, transcript.id, { status: 'queued', progress: 0, error: null, toInstitutionId });
  await enqueueJob(deps.db, {
    kind: TRANSCRIPT_ANALYZE_JOB,
    payload: { transcriptId: transcript.id },
    priority: transcript.user_id ? JOB_PRIORITY.normal : JOB_PRIORITY.visitor,
  });
  return { id: transcript.id, status: 'queued' };
}

const toNumber = (value: string | number | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));

/** How the student changed a stored row, if they did. */
function correctionOf(row: TranscriptRowRecord): RowCorrection | null {
  if (row.removed_by_student) return 'removed';
  if (row.added_by_student) return 'added';
  return row.as_read ? 'edited' : null;
}

function conversionOf(row: TranscriptRowRecord): CreditConversionDto | null {
  const conversion = row.evidence?.creditConversion;
  return conversion ? { from: conversion.from, to: conversion.to, originalCredits: conversion.originalCredits, convertedCredits: conversion.convertedCredits } : null;
}

/** The spec's transcript response plus the analysis state, the summary and the on-screen result items. */
export async function presentTranscript(db: Queryable, transcript: TranscriptRecord): Promise<TranscriptResponse> {
  const rows = await listTranscriptRows(db, transcript.id);
  const school = transcript.detected_institution_name ?? 'Unknown school';
  const kept = rows.filter((row) => !row.removed_by_student);
  const items: TranscriptResultItem[] = kept.map((row) => {
    const statusCode: TranscriptRowStatus = row.status ?? 'NEEDS_EVAL';
    const credits = toNumber(row.credits) ?? toNumber(row.earned) ?? 0;
    return {
      id: row.id,
      subject: row.subject,
      number: row.number,
      title: row.title,
      original: `${row.subject} ${row.number}${row.title ? ` ${row.title}` : ''}`,
      originalSchool: school,
      transfers: statusCode === 'DIRECT',
      transfersTo: row.transfers_to,
      credits,
      grade: row.grade,
      term: row.term,
      statusCode,
      statusLabel: transcriptStatusLabel(statusCode),
      toEquivalencyId: row.rule_id,
      reason: row.reason ?? '',
      // Reports stored before suggestions had a measured confidence may hold guesses a student must not see.
      candidates: (row.evidence?.candidates ?? []).filter(isShownToStudents).map(({ subject, number, title, score, confidence, why }) => ({ subject, number, title, score, confidence, why })),
      correction: correctionOf(row) as TranscriptResultItem['correction'],
      asRead: row.as_read,
      creditConversion: conversionOf(row),
    };
  });
  const summary = transcript.summary
    ? {
        courses: Number(transcript.summary.courses ?? 0),
        directTransfers: Number(transcript.summary.directTransfers ?? 0),
        totalCredits: Number(transcript.summary.totalCredits ?? 0),
        creditsTransferring: Number(transcript.summary.creditsTransferring ?? 0),
      }
    : null;
  return {
    id: transcript.id,
    source: transcript.source,
    error: transcript.error,
    status: transcript.status as TranscriptResponse['status'],
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
    rows: kept.map((row) => ({
      subject: row.subject,
      number: row.number,
      title: row.title,
      earned: toNumber(row.earned),
      grade: row.grade,
      status: row.status ?? 'NEEDS_EVAL',
      to_equivalency_id: row.rule_id,
    })),
    items,
    reading: rows.map((row) => ({
      id: row.id,
      subject: row.subject,
      number: row.number,
      title: row.title,
      credits: toNumber(row.credits) ?? toNumber(row.earned) ?? 0,
      grade: row.grade,
      term: row.term,
      correction: correctionOf(row),
      asRead: row.as_read,
    })),
    expiresAt: transcript.user_id === null && transcript.expires_at ? new Date(transcript.expires_at).toISOString() : null,
  };
}

export async function claimTranscript(db: Queryable, input: { id: string; userId: string; token: string | undefined }): Promise<void> {
  if (!input.token) throw new HttpError(404, 'No such transcript.');
  const claimed = await claimVisitorTranscript(db, { id: input.id, userId: input.userId, visitorTokenHash: hashVisitorToken(input.token) });
  if (!claimed) throw new HttpError(404, 'No such transcript.');
}

/** What deciding a row needs: a row as read, or as the student corrected it. */
type CourseRow = Pick<ReadRow, 'subject' | 'number' | 'title' | 'credits' | 'earned' | 'grade' | 'term' | 'transferSection' | 'inProgress'>;

/** Matches read rows against the destination's rules; an unknown issuing school leaves every row for review. */
async function matchRows(
  db: Queryable,
  input: { fromInstitutionId: number | null; toInstitutionId: number; rows: CourseRow[] },
): Promise<AnalyzedRow[]> {
  const base = (row: CourseRow) => ({
    subject: row.subject,
    number: row.number,
    title: row.title,
    credits: row.credits,
    earned: row.earned,
    grade: row.grade,
    term: row.term,
    inTransferSection: row.transferSection,
    inProgress: row.inProgress,
  });
  if (input.fromInstitutionId === null || input.rows.length === 0) {
    return input.rows.map((row) => ({
      ...base(row),
      status: 'NEEDS_EVAL' as const,
      ruleId: null,
      transfersTo: null,
      creditsAwarded: null,
      reason: UNKNOWN_SCHOOL_REASON,
      evidence: null,
    }));
  }
  const { decisions } = await decideForCourses(db, {
    fromInstitutionId: input.fromInstitutionId,
    toInstitutionId: input.toInstitutionId,
    courses: input.rows.map((row) => ({
      subject: row.subject,
      number: row.number,
      title: row.title,
      credits: row.credits,
      grade: gradeForDecision(row.grade, row.inProgress),
      term: row.term,
    })),
  });
  return input.rows.map((row, index) => {
    const decision = decisions[index];
    if (!decision) {
      return { ...base(row), status: 'NEEDS_EVAL' as const, ruleId: null, transfersTo: null, creditsAwarded: null, reason: UNKNOWN_SCHOOL_REASON, evidence: null };
    }
    return {
      ...base(row),
      status: decision.status,
      ruleId: decision.evidence.ruleId,
      transfersTo: decision.transfersTo,
      creditsAwarded: decision.creditsAwarded,
      reason: decision.reason,
      evidence: { ...decision.evidence, targets: decision.targets, candidates: decision.candidates ?? [], combined: decision.combined ?? null },
    };
  });
}

function summarise(rows: AnalyzedRow[]) {
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    courses: rows.length,
    directTransfers: rows.filter((row) => row.status === 'DIRECT').length,
    // In the destination's units: a quarter school's credits are converted for a semester school (and back).
    totalCredits: round(rows.reduce((sum, row) => sum + creditsAtDestination(row.credits ?? row.earned ?? 0, row.evidence as DecisionEvidence | null), 0)),
    creditsTransferring: round(rows.filter((row) => row.status === 'DIRECT').reduce((sum, row) => sum + (row.creditsAwarded ?? 0), 0)),
  };
}

/**
 * Decides the report again from the stored rows (the reader's, with the student's corrections; removed rows left
 * out). One transcript's rows: the same work as deciding them the first time, without reading the file again.
 */
async function decideStoredRows(db: Queryable, transcript: TranscriptRecord): Promise<void> {
  const kept = (await listTranscriptRows(db, transcript.id)).filter((row) => !row.removed_by_student);
  const decided = await matchRows(db, {
    fromInstitutionId: transcript.detected_institution_id,
    toInstitutionId: transcript.to_institution_id!,
    rows: kept.map((row) => ({
      subject: row.subject,
      number: row.number,
      title: row.title,
      credits: toNumber(row.credits) ?? toNumber(row.earned) ?? 0,
      earned: toNumber(row.earned),
      grade: row.grade,
      term: row.term,
      transferSection: row.in_transfer_section,
      inProgress: row.in_progress,
    })),
  });
  await saveDecisions(
    db,
    transcript.id,
    decided.map((row, index) => ({ rowId: kept[index]!.id, row })),
    summarise(decided),
  );
}

/** Only the student it belongs to (or the visitor holding its token) corrects a transcript; an admin reads it only. */
async function findCorrectableTranscript(db: Queryable, id: string, reader: TranscriptReader): Promise<TranscriptRecord> {
  const transcript = await getReadableTranscript(db, id, { ...reader, isAdmin: false });
  if (transcript.status !== 'done' || !transcript.to_institution_id) {
    throw new HttpError(409, 'This transcript has no report to correct yet. Wait for its analysis to finish, then try again.');
  }
  return transcript;
}

/** In progress when the grade says so, or when no grade is given for a row that was in progress. */
const stillInProgress = (grade: string | null, wasInProgress: boolean) => readGrade(grade).kind === 'in-progress' || (grade === null && wasInProgress);

async function correctAndDecide(db: Database, transcriptId: string, reader: TranscriptReader, change: (tx: Queryable) => Promise<boolean>): Promise<TranscriptResponse> {
  const transcript = await findCorrectableTranscript(db, transcriptId, reader);
  await db.transaction(async (tx) => {
    await lockTranscript(tx, transcript.id);
    if (!(await change(tx))) throw new HttpError(404, 'No such course on this transcript.');
    await decideStoredRows(tx, transcript);
  });
  return presentTranscript(db, await getReadableTranscript(db, transcript.id, { ...reader, isAdmin: false }));
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
    const current = (await listTranscriptRows(tx, input.id)).find((row) => row.id === input.rowId);
    if (!current) return false;
    const next: StudentRowFields = {
      subject: fields.subject ?? current.subject,
      number: fields.number ?? current.number,
      title: fields.title ?? current.title,
      credits: fields.credits ?? toNumber(current.credits) ?? toNumber(current.earned) ?? 0,
      grade: fields.grade === undefined ? current.grade : fields.grade,
      term: fields.term === undefined ? current.term : fields.term,
      inProgress: false,
    };
    next.inProgress = stillInProgress(next.grade, current.in_progress && next.grade === current.grade);
    return updateRowFields(tx, input.id, input.rowId, next);
  });
}

/** Reads the file in the worker thread, finds the issuing school, decides every row and stores the report. */
async function analyzeTranscript(deps: AppDeps, transcriptId: string): Promise<Record<string, unknown>> {
  const { db, logger } = deps;
  const transcript = await findTranscriptById(db, transcriptId);
  if (!transcript || !transcript.storage_key || !transcript.to_institution_id) return { skipped: true };
  // Once the student has corrected what was read, their rows are the transcript: analysing it again (for another
  // school) decides those rows again instead of reading the file over them.
  if ((await listTranscriptRows(db, transcriptId)).some((row) => correctionOf(row) !== null)) {
    await setTranscriptProgress(db, transcriptId, 'matching', 60);
    await db.transaction(async (tx) => {
      await lockTranscript(tx, transcriptId);
      await decideStoredRows(tx, transcript);
    });
    return { corrected: true };
  }

  await setTranscriptProgress(db, transcriptId, 'reading', 10);
  const bytes = await deps.storage.get(transcript.storage_key);
  if (!bytes) {
    await updateTranscriptState(db, transcriptId, { status: 'failed', progress: 0, error: `${READ_FAILED_PREFIX} The uploaded file is missing; please upload it again.` });
    return { failed: 'missing file' };
  }

  // Progress writes are chained so a late one never lands after the result.
  let lastProgress = 10;
  let writes = Promise.resolve();
  const onProgress = (_phase: string, fraction: number) => {
    const progress = Math.min(60, Math.round(10 + 50 * fraction));
    if (progress - lastProgress < 5) return;
    lastProgress = progress;
    writes = writes.then(() => setTranscriptProgress(db, transcriptId, 'reading', progress)).catch(() => undefined);
  };

  let reading;
  try {
    reading = await readTranscriptInWorker(new Uint8Array(bytes), { maxPages: MAX_TRANSCRIPT_PAGES, onProgress });
  } catch (error) {
    await writes;
    if (error instanceof TranscriptReadError) {
      await updateTranscriptState(db, transcriptId, { status: 'failed', progress: 0, error: `${READ_FAILED_PREFIX} ${error.message}` });
      logger.info('transcript_read_failed', { transcriptId, code: error.code });
      throw new JobInputError(error.message, { cause: error }); // the file's fault: not retried
    }
    throw error;
  }
  await writes;
  const d = reading.diagnostics;
  // The parser diagnostic, once per analysis: counts and timings only (the skipped lines may hold a student's name).
  logger.info('transcript_parser_diagnostic', {
    transcriptId,
    source: reading.source,
    pages: reading.pages,
    rows: reading.rows.length,
    institutionFound: reading.institution !== null,
    lines: d.lines,
    candidateLines: d.candidateLines,
    skippedLines: d.skippedLines.length,
    ms: d.ms,
    ...(d.ocrConfidence !== undefined ? { ocrConfidence: Math.round(d.ocrConfidence) } : {}),
  });

  if (!reading.courseRowsFound) {
    // No plausible course rows (a letter, a syllabus, a blank scan): the student is asked about the file, not shown
    // an empty report. Rows of an earlier analysis go too, so the file's answer is this one.
    await db.transaction(async (tx) => {
      await deleteTranscriptRows(tx, transcriptId);
      await updateTranscriptState(tx, transcriptId, { status: 'failed', progress: 0, error: NO_COURSE_ROWS_MESSAGE });
    });
    return { courseRowsFound: false, rows: reading.rows.length };
  }

  await setTranscriptProgress(db, transcriptId, 'matching', 60);
  const school = reading.institution ? await findInstitution(db, reading.institution) : null;
  const rows = await matchRows(db, { fromInstitutionId: school?.id ?? null, toInstitutionId: transcript.to_institution_id, rows: reading.rows });
  await setTranscriptProgress(db, transcriptId, 'matching', 90);
  const summary = summarise(rows);
  await db.transaction((tx) =>
    saveAnalysis(tx, {
      id: transcriptId,
      source: reading.source,
      detectedInstitutionId: school?.id ?? null,
      detectedInstitutionName: school?.name ?? reading.institution,
      summary,
      rows,
    }),
  );
  return { rows: rows.length, summary };
}

export const analyzeTranscriptJob: JobHandler = {
  run: (job: JobRow, deps: AppDeps) => analyzeTranscript(deps, String(job.payload.transcriptId)),
  async onGiveUp(job, deps, error, cause) {
    // The transcript already says why when its file was refused; a crash of the reader says it in plain words.
    if (cause instanceof JobInputError) return;
    const reason =
      cause instanceof ReaderCrashedError
        ? cause.message
        : error === ABANDONED_JOB_REASON
          ? 'Reading this file stopped the reader twice, so we gave up. Please upload another copy (a PDF exported again, or a photo).'
          : 'Something went wrong on our side; please try again.';
    await updateTranscriptState(deps.db, String(job.payload.transcriptId), { status: 'failed', progress: 0, error: `${READ_FAILED_PREFIX} ${reason}` });
  },
};

/** Privacy: a signed-out visitor's transcript and its file are deleted 24 h after analysis. */
export async function deleteExpiredVisitorTranscripts(deps: AppDeps): Promise<number> {
  const expired = await listExpiredVisitorTranscripts(deps.db);
  for (const transcript of expired) {
    if (transcript.storage_key) await deps.storage.delete(transcript.storage_key).catch(() => undefined);
    await deleteTranscriptAndFile(deps.db, { id: transcript.id, fileId: transcript.file_id });
  }
  if (expired.length > 0) deps.logger.info('visitor_transcripts_deleted', { count: expired.length });
  return expired.length;
}
