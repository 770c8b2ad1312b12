/** The transcripts' SQL: uploads, analyses and their rows, and the transcripts a student keeps on their profile. */
import type { RowAsRead, TranscriptCourseFields } from '../../../shared/schemas/transcripts';
import type { VerdictClass } from '../../../shared/schemas/verdict-class';
import { codeKey } from '../catalogue';
import type { Queryable } from '../../db/client';
import type { TranscriptReader } from './transcript-access';

export interface TranscriptRecord {
  id: string;
  user_id: string | null;
  file_id: string | null;
  file_name: string;
  status: string;
  progress: number;
  error: string | null;
  source: 'pdf-text' | 'ocr' | null;
  detected_institution_id: number | null;
  detected_institution_name: string | null;
  uploaded_from: 'search' | 'profile';
  to_institution_id: number | null;
  to_institution_key: string | null;
  to_institution_name: string | null;
  /** The destination's calendar (quarter or semester credits). */
  to_institution_calendar: 'quarter' | 'semester' | null;
  summary: Record<string, number> | null;
  expires_at: string | Date | null;
  /** The reader found no courses in this student's file, and asked whether it is a transcript (migration 0170). */
  no_courses_found_at: string | Date | null;
  /** The student said it is: kept for the registrar to read by hand. */
  kept_unreadable_at: string | Date | null;
  storage_key: string | null;
  file_status: string | null;
  content_type: string | null;
  /** A signed-out visitor's file: the address it was started from (their quotas, visitor-quotas.ts). */
  visitor_address: string | null;
  /** Quarter or semester credits the report was decided with (migration 0130); null when not known. */
  credit_calendar: 'quarter' | 'semester' | null;
  credit_calendar_source: CalendarSource | null;
  credit_calendar_evidence: string | null;
}

/** Where a transcript's calendar came from: the page, the issuing school's entry, the student; 'unknown': ask. */
export type CalendarSource = 'page' | 'school' | 'student' | 'unknown';

/** The calendar a report is decided with. */
export interface TranscriptCalendar {
  calendar: 'quarter' | 'semester' | null;
  source: CalendarSource;
  evidence: string | null;
}

export interface TranscriptRowRecord {
  id: string;
  position: number;
  subject: string;
  number: string;
  title: string;
  credits: number | null;
  earned: number | null;
  grade: string | null;
  term: string | null;
  status: 'DIRECT' | 'NEEDS_EVAL' | 'NO_TRANSFER' | null;
  /** Null for a row decided before verdict classes (migration 0110) or not decided yet. */
  verdict_class: VerdictClass | null;
  rule_id: number | null;
  transfers_to: string | null;
  credits_awarded: number | null;
  reason: string | null;
  evidence: {
    candidates?: Array<{ subject: string; number: string; title: string; score: number; confidence?: number; why: string[] }>;
    creditConversion?: { from: 'quarter' | 'semester'; to: 'quarter' | 'semester'; originalCredits: number; convertedCredits: number } | null;
  } | null;
  in_transfer_section: boolean;
  in_progress: boolean;
  as_read: RowAsRead | null;
  added_by_student: boolean;
  removed_by_student: boolean;
  cross_listed: CrossListedAnswer | null;
}

/**
 * What a rule on file says of an undecided row's course under its other code (a cross-listing at the student's
 * school), decided when the report is written (transcript-analysis.ts decideReports) and stored with the row.
 */
export interface CrossListedAnswer {
  courseNumber: string;
  transfersTo: string;
  /** The rule that transfers it: a change to that rule decides the report again (listReportsDecidedByRules). */
  ruleId: number | null;
}

const TRANSCRIPT_FROM = `transcripts t
       left join stored_files f on f.id = t.file_id
       left join institutions i on i.id = t.to_institution_id`;

const TRANSCRIPT_COLUMNS = `t.id, t.user_id, t.file_id, t.file_name, t.status, t.progress, t.error, t.source, t.detected_institution_id,
  t.detected_institution_name, t.uploaded_from, t.to_institution_id, i.key as to_institution_key, i.name as to_institution_name, i.calendar as to_institution_calendar, t.summary, t.expires_at,
  t.no_courses_found_at, t.kept_unreadable_at, f.storage_key, f.status as file_status, f.content_type, case when f.owner_id is null then f.uploader_address end as visitor_address,
  t.credit_calendar, t.credit_calendar_source, t.credit_calendar_evidence`;

/**
 * A transcript its reader may see (transcript-access.ts decides who that is): the owner, the visitor holding its
 * unexpired token, or a verified admin. With `ownerId`, only that student's. Anyone else gets nothing (not found).
 */
export async function findReadableTranscript(db: Queryable, id: string, reader: TranscriptReader, ownerId: string | null = null): Promise<TranscriptRecord | null> {
  const [row] = await db.query<TranscriptRecord>(
    `select ${TRANSCRIPT_COLUMNS} from ${TRANSCRIPT_FROM}
      where t.id = $1
        and ($5::text is null or t.user_id = $5)
        and ($2::boolean
             or t.user_id = $3
             or (t.user_id is null and t.visitor_token_hash = $4 and (t.expires_at is null or t.expires_at > now())))`,
    [id, reader.isAdmin, reader.userId, reader.visitorTokenHash, ownerId],
  );
  return row ?? null;
}

export async function findTranscriptById(db: Queryable, id: string): Promise<TranscriptRecord | null> {
  const [row] = await db.query<TranscriptRecord>(
    `select ${TRANSCRIPT_COLUMNS} from ${TRANSCRIPT_FROM} where t.id = $1`,
    [id],
  );
  return row ?? null;
}

/** A transcript and its file, waiting for the file's bytes (their size is recorded when they arrive, markFileStored). */
export async function insertTranscriptWithFile(
  db: Queryable,
  input: {
    userId: string | null;
    storageKey: string;
    fileName: string;
    contentType: string;
    toInstitutionId: number | null;
    visitorTokenHash: string | null;
    /** A signed-out visitor's address, for their quotas (visitor-quotas.ts). */
    uploaderAddress: string | null;
    /** A signed-out visitor's browser (http/visitor-browser.ts), hashed: one student in the evaluation queue. */
    visitorBrowserHash: string | null;
  },
): Promise<string> {
  const [file] = await db.query<{ id: string }>(
    `insert into stored_files (storage_key, owner_id, purpose, original_name, content_type, uploader_address)
     values ($1, $2, 'transcript', $3, $4, $5) returning id`,
    [input.storageKey, input.userId, input.fileName, input.contentType, input.uploaderAddress],
  );
  const [transcript] = await db.query<{ id: string }>(
    `insert into transcripts (user_id, visitor_token_hash, visitor_browser_hash, file_id, file_name, to_institution_id, expires_at)
     values ($1, $2, $6, $3, $4, $5, case when $1::text is null then now() + interval '24 hours' else null end) returning id`,
    [input.userId, input.visitorTokenHash, file!.id, input.fileName, input.toInstitutionId, input.visitorBrowserHash],
  );
  return transcript!.id;
}

export async function updateTranscriptState(
  db: Queryable,
  id: string,
  state: { status: string; progress: number; error?: string | null; toInstitutionId?: number | null },
): Promise<void> {
  await db.query(
    `update transcripts set status = $2, progress = $3, error = $4, to_institution_id = coalesce($5, to_institution_id) where id = $1`,
    [id, state.status, state.progress, state.error ?? null, state.toInstitutionId ?? null],
  );
}

export async function setTranscriptProgress(db: Queryable, id: string, status: string, progress: number): Promise<void> {
  // Never moves backwards and never overwrites a finished analysis (progress writes can arrive late).
  await db.query(`update transcripts set status = $2, progress = greatest(progress, $3) where id = $1 and status in ('queued', 'reading', 'matching')`, [
    id,
    status,
    progress,
  ]);
}

/** A course as a transcript lists it. */
interface TranscriptCourse {
  subject: string;
  number: string;
  title: string;
  credits: number | null;
  earned: number | null;
  grade: string | null;
  term: string | null;
}

export interface AnalyzedRow extends TranscriptCourse {
  inTransferSection: boolean;
  inProgress: boolean;
  status: 'DIRECT' | 'NEEDS_EVAL' | 'NO_TRANSFER';
  verdictClass: VerdictClass;
  ruleId: number | null;
  transfersTo: string | null;
  creditsAwarded: number | null;
  reason: string;
  evidence: unknown;
  crossListed: CrossListedAnswer | null;
}

/** A row's cross-listed answer as stored: SQL null when there is none. */
const crossListedJson = (row: AnalyzedRow) => (row.crossListed ? JSON.stringify(row.crossListed) : null);

/** How reports are decided now: a report written with an older format is decided again (findReportsWrittenBefore). */
export const REPORT_FORMAT = 1;

export async function deleteTranscriptRows(db: Queryable, transcriptId: string): Promise<void> {
  await db.query(`delete from transcript_rows where transcript_id = $1`, [transcriptId]);
}

export async function saveAnalysis(
  db: Queryable,
  input: {
    id: string;
    source: 'pdf-text' | 'ocr';
    detectedInstitutionId: number | null;
    detectedInstitutionName: string | null;
    summary: Record<string, number>;
    rows: AnalyzedRow[];
    calendar: TranscriptCalendar;
  },
): Promise<void> {
  await deleteTranscriptRows(db, input.id);
  await setTranscriptCalendar(db, input.id, input.calendar);
  for (const [position, row] of input.rows.entries()) {
    await db.query(
      `insert into transcript_rows (transcript_id, position, subject, number, title, credits, earned, grade, term, in_transfer_section,
                                    status, rule_id, transfers_to, credits_awarded, reason, evidence, in_progress, verdict_class, cross_listed)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
      [
        input.id,
        position,
        row.subject,
        row.number,
        row.title,
        row.credits,
        row.earned,
        row.grade,
        row.term,
        row.inTransferSection,
        row.status,
        row.ruleId,
        row.transfersTo,
        row.creditsAwarded,
        row.reason,
        JSON.stringify(row.evidence ?? null),
        row.inProgress,
        row.verdictClass,
        crossListedJson(row),
      ],
    );
  }
  await db.query(
    `update transcripts set status = 'done', progress = 100, error = null, source = $2, detected_institution_id = $3,
            detected_institution_name = $4, summary = $5, analyzed_at = now(), report_format = ${REPORT_FORMAT},
            expires_at = case when user_id is null then now() + interval '24 hours' else null end
      where id = $1`,
    [input.id, input.source, input.detectedInstitutionId, input.detectedInstitutionName, JSON.stringify(input.summary)],
  );
}

/** A report row's columns (TranscriptRowRecord), of the transcript_rows table named `r`. */
const REPORT_ROW_COLUMNS = `r.id, r.position, r.subject, r.number, r.title, r.credits, r.earned, r.grade, r.term, r.status, r.verdict_class, r.rule_id,
  r.transfers_to, r.credits_awarded, r.reason, r.evidence, r.in_transfer_section, r.in_progress, r.as_read, r.added_by_student, r.removed_by_student,
  r.cross_listed`;

export async function listReportRows(db: Queryable, transcriptId: string): Promise<TranscriptRowRecord[]> {
  return db.query<TranscriptRowRecord>(`select ${REPORT_ROW_COLUMNS} from transcript_rows r where r.transcript_id = $1 order by r.position`, [transcriptId]);
}

/** The school that issued the transcript, as the student chose it. */
export async function setIssuingSchool(db: Queryable, transcriptId: string, school: { id: number; name: string }): Promise<void> {
  await db.query(`update transcripts set detected_institution_id = $2, detected_institution_name = $3 where id = $1`, [transcriptId, school.id, school.name]);
}

/** Holds the transcript until the transaction ends, so two corrections at once are decided one after the other. */
export async function lockTranscript(db: Queryable, transcriptId: string): Promise<void> {
  await db.query(`select id from transcripts where id = $1 for update`, [transcriptId]);
}

/** A row as the student writes it, and whether it is still in progress. */
export interface StudentRowFields extends TranscriptCourseFields {
  inProgress: boolean;
}

/** A course the reader missed, added by the student at the end of the transcript. */
export async function insertStudentRow(db: Queryable, transcriptId: string, row: StudentRowFields): Promise<string> {
  const [inserted] = await db.query<{ id: string }>(
    `insert into transcript_rows (transcript_id, position, subject, number, title, credits, earned, grade, term, in_progress, added_by_student, corrected_at)
     select $1::uuid, coalesce(max(position), -1) + 1, $2::text, $3::text, $4::text, $5::numeric, case when $8::boolean then null else $5::numeric end,
            $6::text, $7::text, $8::boolean, true, now()
       from transcript_rows where transcript_id = $1::uuid
     returning id`,
    [transcriptId, row.subject, row.number, row.title, row.credits, row.grade, row.term, row.inProgress],
  );
  return inserted!.id;
}

/**
 * The student's fix of one row. The reader's values are kept in as_read the first time (a row the student added has
 * none). Earned credits follow the new credits when they were the same before (a failed course keeps its 0).
 */
export async function updateRowFields(db: Queryable, transcriptId: string, rowId: string, row: StudentRowFields): Promise<boolean> {
  const updated = await db.query<{ id: string }>(
    `update transcript_rows
        set as_read = case when added_by_student then null
                           else coalesce(as_read, jsonb_build_object('subject', subject, 'number', number, 'title', title,
                                                                     'credits', credits, 'grade', grade, 'term', term)) end,
            earned = case when $9::boolean then null when earned is null or earned = credits then $6::numeric else earned end,
            subject = $3, number = $4, title = $5, credits = $6::numeric, grade = $7, term = $8, in_progress = $9::boolean, corrected_at = now()
      where id = $2 and transcript_id = $1
      returning id`,
    [transcriptId, rowId, row.subject, row.number, row.title, row.credits, row.grade, row.term, row.inProgress],
  );
  return updated.length > 0;
}

/** Removes a row the reader read wrongly (kept, marked) or one the student added (deleted); or puts a removed row back. */
export async function setRowRemoved(db: Queryable, transcriptId: string, rowId: string, removed: boolean): Promise<boolean> {
  if (removed) {
    const deleted = await db.query<{ id: string }>(`delete from transcript_rows where id = $2 and transcript_id = $1 and added_by_student returning id`, [transcriptId, rowId]);
    if (deleted.length > 0) return true;
  }
  const updated = await db.query<{ id: string }>(
    `update transcript_rows set removed_by_student = $3, corrected_at = now() where id = $2 and transcript_id = $1 returning id`,
    [transcriptId, rowId, removed],
  );
  return updated.length > 0;
}

/** The report decided again from the stored rows: each kept row's decision, the summary, and the report marked done. */
export async function saveDecisions(
  db: Queryable,
  transcriptId: string,
  decided: Array<{ rowId: string; row: AnalyzedRow }>,
  summary: Record<string, number>,
): Promise<void> {
  for (const { rowId, row } of decided) {
    await db.query(
      `update transcript_rows set status = $3, rule_id = $4, transfers_to = $5, credits_awarded = $6, reason = $7, evidence = $8, verdict_class = $9,
              cross_listed = $10
        where id = $2 and transcript_id = $1`,
      [transcriptId, rowId, row.status, row.ruleId, row.transfersTo, row.creditsAwarded, row.reason, JSON.stringify(row.evidence ?? null), row.verdictClass, crossListedJson(row)],
    );
  }
  await db.query(
    // A visitor's transcript keeps the expiry of its first analysis: correcting it never keeps it longer.
    `update transcripts set summary = $2, status = 'done', progress = 100, error = null, report_format = ${REPORT_FORMAT} where id = $1`,
    [transcriptId, JSON.stringify(summary)],
  );
}

/** Attaches a visitor's transcript to the student who proved they hold its token. */
export async function claimVisitorTranscript(db: Queryable, input: { id: string; userId: string; visitorTokenHash: string }): Promise<boolean> {
  const rows = await db.query<{ file_id: string | null }>(
    `update transcripts set user_id = $2, visitor_token_hash = null, visitor_browser_hash = null, expires_at = null
      where id = $1 and user_id is null and visitor_token_hash = $3 and (expires_at is null or expires_at > now())
      returning file_id`,
    [input.id, input.userId, input.visitorTokenHash],
  );
  const fileId = rows[0]?.file_id;
  if (fileId) await db.query(`update stored_files set owner_id = $2 where id = $1`, [fileId, input.userId]);
  return rows.length > 0;
}

/**
 * Visitors' transcripts past their expiry, and visitors' upload slots that received no bytes within `waitingMinutes`,
 * with the storage key of their file.
 */
export async function listExpiredVisitorTranscripts(
  db: Queryable,
  { waitingMinutes, limit = 200 }: { waitingMinutes: number; limit?: number },
): Promise<Array<{ id: string; file_id: string | null; storage_key: string | null }>> {
  return db.query(
    `select t.id, t.file_id, f.storage_key from transcripts t left join stored_files f on f.id = t.file_id
      where t.user_id is null
        and ((t.expires_at is not null and t.expires_at <= now())
             or (f.status = 'pending' and f.created_at <= now() - make_interval(mins => $2::int)))
      order by t.created_at limit $1`,
    [limit, waitingMinutes],
  );
}

export async function deleteTranscriptAndFile(db: Queryable, input: { id: string; fileId: string | null }): Promise<void> {
  await db.query(`delete from transcripts where id = $1`, [input.id]);
  if (input.fileId) await db.query(`delete from stored_files where id = $1`, [input.fileId]);
}

/** A transcript the student keeps on their profile, as their list shows it. */
export interface SavedTranscriptRow {
  id: string;
  user_id: string | null;
  file_name: string;
  status: string;
  created_at: Date | string;
  storage_key: string | null;
  size_bytes: number | null;
  file_id: string | null;
  uploaded_from: 'search' | 'profile';
  to_institution_name: string | null;
  no_courses_found_at: Date | string | null;
  kept_unreadable_at: Date | string | null;
}

export async function listSavedTranscriptRows(db: Queryable, userId: string): Promise<SavedTranscriptRow[]> {
  return db.query<SavedTranscriptRow>(
    `select t.id, t.user_id, t.file_name, t.status, t.created_at, f.storage_key, f.size_bytes, t.file_id, t.uploaded_from,
            i.name as to_institution_name, t.no_courses_found_at, t.kept_unreadable_at
       from transcripts t left join stored_files f on f.id = t.file_id left join institutions i on i.id = t.to_institution_id
      where t.user_id = $1 order by t.created_at desc, t.id`,
    [userId],
  );
}

/** The reader found no courses in a student's file: the student is asked whether it is a transcript (once). */
export async function markNoCoursesFound(db: Queryable, id: string): Promise<void> {
  await db.query(`update transcripts set no_courses_found_at = coalesce(no_courses_found_at, now()) where id = $1 and user_id is not null`, [id]);
}

/** The student says their file the reader found no courses in is a transcript: kept, for the registrar. False if not theirs or not asked. */
export async function keepUnreadableTranscript(db: Queryable, id: string, userId: string): Promise<boolean> {
  const rows = await db.query(
    `update transcripts set kept_unreadable_at = coalesce(kept_unreadable_at, now())
      where id = $1 and user_id = $2 and no_courses_found_at is not null returning id`,
    [id, userId],
  );
  return rows.length > 0;
}

/** Students' files the reader found no courses in whose question has gone unanswered for a week: to discard. */
export async function listUnansweredNoCourseTranscripts(db: Queryable, limit = 200): Promise<Array<{ id: string; file_id: string | null; storage_key: string | null }>> {
  return db.query(
    `select t.id, t.file_id, f.storage_key from transcripts t left join stored_files f on f.id = t.file_id
      where t.no_courses_found_at is not null and t.kept_unreadable_at is null and t.no_courses_found_at <= now() - interval '7 days'
      order by t.no_courses_found_at limit $1`,
    [limit],
  );
}

export interface UnreadableTranscriptRow {
  id: string;
  user_id: string;
  student_name: string;
  student_email: string;
  file_name: string;
  size_bytes: number | string | null;
  to_institution_id: number | null;
  to_institution_name: string | null;
  kept_unreadable_at: string | Date;
}

/** Files students kept as transcripts though the reader found no courses in them, not yet read by a registrar, oldest first. */
export async function listUnreadableTranscriptRows(db: Queryable, limit: number): Promise<{ rows: UnreadableTranscriptRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db.query<UnreadableTranscriptRow>(
      `select t.id, t.user_id, u.name as student_name, u.email as student_email, t.file_name, f.size_bytes, t.to_institution_id,
              i.name as to_institution_name, t.kept_unreadable_at
         from transcripts t join "user" u on u.id = t.user_id left join stored_files f on f.id = t.file_id
         left join institutions i on i.id = t.to_institution_id
        where t.kept_unreadable_at is not null and t.unreadable_read_at is null
        order by t.kept_unreadable_at, t.id limit $1`,
      [limit],
    ),
    db.query<{ count: number | string }>(`select count(*) as count from transcripts where kept_unreadable_at is not null and unreadable_read_at is null`),
  ]);
  return { rows, total: Number(count?.count ?? 0) };
}

/** A registrar read a kept unreadable file: it leaves the queue. Its student, or null when no such file is waiting. */
export async function markUnreadableTranscriptRead(db: Queryable, id: string, readerId: string): Promise<string | null> {
  const [row] = await db.query<{ user_id: string }>(
    `update transcripts set unreadable_read_at = now(), unreadable_read_by = $2
      where id = $1 and kept_unreadable_at is not null and unreadable_read_at is null returning user_id`,
    [id, readerId],
  );
  return row?.user_id ?? null;
}

export async function countTranscripts(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(`select count(*)::int as count from transcripts where user_id = $1`, [userId]);
  return row?.count ?? 0;
}

export async function insertProfileTranscript(db: Queryable, input: { userId: string; fileId: string; fileName: string }): Promise<string> {
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

/** Deletes the owner's transcript; its file row and storage key come back for the caller to remove. */
export async function deleteOwnTranscript(db: Queryable, id: string, userId: string): Promise<{ file_id: string | null; storage_key: string | null } | null> {
  const [row] = await db.query<{ file_id: string | null; storage_key: string | null }>(
    `delete from transcripts t where t.id = $1 and t.user_id = $2
     returning t.file_id, (select storage_key from stored_files f where f.id = t.file_id) as storage_key`,
    [id, userId],
  );
  return row ?? null;
}

export interface AnalysedTranscriptRow {
  id: string;
  file_name: string;
  detected_institution_id: number | null;
  detected_institution_name: string | null;
  credit_calendar: 'quarter' | 'semester' | null;
}

export async function findLatestAnalysedTranscript(db: Queryable, userId: string): Promise<AnalysedTranscriptRow | null> {
  const [row] = await db.query<AnalysedTranscriptRow>(
    `select t.id, t.file_name, t.detected_institution_id, t.detected_institution_name, t.credit_calendar from transcripts t
      where t.user_id = $1 and t.status = 'done' and exists (select 1 from transcript_rows r where r.transcript_id = t.id and not r.removed_by_student)
      order by coalesce(t.analyzed_at, t.created_at) desc, t.id limit 1`,
    [userId],
  );
  return row ?? null;
}

/** The rows of several transcripts, as the compare view and the student's data export read them (as the student corrected them). */
export interface TranscriptCourseRow extends TranscriptCourse {
  transcript_id: string;
  in_transfer_section: boolean;
  in_progress: boolean;
  status: AnalyzedRow['status'] | null;
  verdict_class: VerdictClass | null;
  transfers_to: string | null;
}

export async function listTranscriptCourseRows(db: Queryable, transcriptIds: string[]): Promise<TranscriptCourseRow[]> {
  return db.query<TranscriptCourseRow>(
    `select transcript_id, subject, number, title, credits, earned, grade, term, in_transfer_section, in_progress, status, verdict_class, transfers_to from transcript_rows
      where transcript_id = any($1::uuid[]) and not removed_by_student order by transcript_id, position`,
    [transcriptIds],
  );
}

/** A row of the student's own transcript, with what the appeal records about its schools. */
export interface AppealableRow {
  id: string;
  transcript_id: string;
  subject: string;
  number: string;
  title: string;
  credits: number | null;
  grade: string | null;
  term: string | null;
  as_read: RowAsRead | null;
  added_by_student: boolean;
  detected_institution_id: number | null;
  detected_institution_name: string | null;
  to_institution_id: number | null;
}

/** The first row of the student's own transcript with this course code (ownership in the WHERE); never one they removed. */
export async function findOwnTranscriptRow(db: Queryable, input: { transcriptId: string; userId: string; subject: string; number: string }): Promise<AppealableRow | null> {
  const [row] = await db.query<AppealableRow>(
    `select r.id, r.transcript_id, r.subject, r.number, r.title, r.credits, r.grade, r.term, r.as_read, r.added_by_student,
            t.detected_institution_id, t.detected_institution_name, t.to_institution_id
       from transcript_rows r join transcripts t on t.id = r.transcript_id
      where t.id = $1 and t.user_id = $2 and r.code_key = $3 and not r.removed_by_student
      order by r.position limit 1`,
    [input.transcriptId, input.userId, codeKey(input)],
  );
  return row ?? null;
}

/** A transcript row with its transcript, as an appeal's evidence shows it to the clerk. */
export interface AppealEvidenceRecord extends TranscriptRowRecord {
  transcript_id: string;
  file_name: string;
  file_stored: boolean;
  detected_institution_name: string | null;
  to_institution_name: string | null;
  summary: Record<string, number> | null;
  analyzed_at: string | Date | null;
  created_at: string | Date;
}

const EVIDENCE_SELECT = `
  select ${REPORT_ROW_COLUMNS},
         t.id as transcript_id, t.file_name, (f.status = 'stored') is true as file_stored, t.detected_institution_name, i.name as to_institution_name,
         t.summary, t.analyzed_at, t.created_at
    from transcript_rows r join transcripts t on t.id = r.transcript_id
    left join stored_files f on f.id = t.file_id
    left join institutions i on i.id = t.to_institution_id`;

/** The row an appeal was sent from (the student's own transcript). */
export async function findEvidenceRowById(db: Queryable, input: { rowId: string; userId: string }): Promise<AppealEvidenceRecord | null> {
  const [row] = await db.query<AppealEvidenceRecord>(`${EVIDENCE_SELECT} where r.id = $1 and t.user_id = $2`, [input.rowId, input.userId]);
  return row ?? null;
}

/** The course on the student's newest analysed transcript, for an appeal sent without one (the appeal form). */
export async function findEvidenceRowByCode(db: Queryable, input: { userId: string; subject: string; number: string }): Promise<AppealEvidenceRecord | null> {
  const [row] = await db.query<AppealEvidenceRecord>(
    `${EVIDENCE_SELECT}
      where t.user_id = $1 and t.analyzed_at is not null and r.code_key = $2
      order by t.analyzed_at desc, r.position limit 1`,
    [input.userId, codeKey(input)],
  );
  return row ?? null;
}

/** The courses of the student's own transcript (ownership in the WHERE), for what each row's appeal has become. */
export async function listOwnTranscriptCourses(
  db: Queryable,
  input: { transcriptId: string; userId: string },
): Promise<Array<{ id: string; subject: string; number: string; status: AnalyzedRow['status'] | null; to_institution_id: number | null }>> {
  return db.query(
    `select r.id, r.subject, r.number, r.status, t.to_institution_id from transcript_rows r join transcripts t on t.id = r.transcript_id
      where t.id = $1 and t.user_id = $2 order by r.position`,
    [input.transcriptId, input.userId],
  );
}

/** A stored report's rows as the re-decision reads them back (report-redecision.ts). */
export interface StoredCourseRow extends TranscriptCourse {
  id: string;
  status: AnalyzedRow['status'] | null;
  verdict_class: VerdictClass | null;
  in_transfer_section: boolean;
  in_progress: boolean;
  cross_listed: CrossListedAnswer | null;
}

export interface StoredReport {
  id: string;
  fromInstitutionId: number | null;
  toInstitutionId: number;
  /** The calendar the report is decided with (null: the issuing school's, as before migration 0130). */
  fromCalendar: 'quarter' | 'semester' | null;
  rows: StoredCourseRow[];
}

/** Records the calendar a transcript's report is decided with. */
export async function setTranscriptCalendar(db: Queryable, id: string, calendar: TranscriptCalendar): Promise<void> {
  await db.query(`update transcripts set credit_calendar = $2, credit_calendar_source = $3, credit_calendar_evidence = $4 where id = $1`, [
    id,
    calendar.calendar,
    calendar.source,
    calendar.evidence?.slice(0, 120) ?? null,
  ]);
}

/** Analysed reports with their rows, in two queries however many: what the re-decision reads back. */
export async function findReportsForRedecision(db: Queryable, transcriptIds: string[]): Promise<StoredReport[]> {
  const reports = await db.query<{ id: string; detected_institution_id: number | null; to_institution_id: number; credit_calendar: 'quarter' | 'semester' | null }>(
    `select id, detected_institution_id, to_institution_id, credit_calendar from transcripts
      where id = any($1::uuid[]) and status in ('done', 'saved') and to_institution_id is not null`,
    [transcriptIds],
  );
  const rows = await db.query<StoredCourseRow & { transcript_id: string }>(
    `select transcript_id, id, status, verdict_class, subject, number, title, credits::float8 as credits, earned::float8 as earned, grade, term, in_transfer_section, in_progress, cross_listed
       from transcript_rows where transcript_id = any($1::uuid[]) and not removed_by_student order by transcript_id, position`,
    [reports.map((report) => report.id)],
  );
  const byReport = new Map<string, StoredCourseRow[]>(reports.map((report) => [report.id, []]));
  for (const { transcript_id, ...row } of rows) byReport.get(transcript_id)?.push(row);
  return reports.map((report) => ({
    id: report.id,
    fromInstitutionId: report.detected_institution_id,
    toInstitutionId: report.to_institution_id,
    fromCalendar: report.credit_calendar,
    rows: byReport.get(report.id) ?? [],
  }));
}

/**
 * Reports written with an older way of deciding than REPORT_FORMAT (before verdict classes, migration 0110; before
 * cross-listed answers were stored, 0191), at most `limit`: the periodic task decides them again.
 */
export async function findReportsWrittenBefore(db: Queryable, format: number, limit: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select t.id from transcripts t
      where t.report_format < $1 and t.status in ('done', 'saved') and t.to_institution_id is not null
        and exists (select 1 from transcript_rows r where r.transcript_id = t.id and r.status is not null)
      limit $2`,
    [format, limit],
  );
  return rows.map((row) => row.id);
}

/** Reports' rows decided again, in place (their ids stay: appeals point at them), and their summaries: two statements. */
export async function saveRedecidedReports(
  tx: Queryable,
  reports: Array<{ id: string; rows: Array<AnalyzedRow & { id: string }>; summary: Record<string, number> }>,
): Promise<void> {
  const rows = reports.flatMap((report) => report.rows.map((row) => ({ ...row, transcriptId: report.id })));
  await tx.query(
    `update transcript_rows r
        set status = u.status, rule_id = u.rule_id, transfers_to = u.transfers_to, credits_awarded = u.credits_awarded,
            reason = u.reason, evidence = u.evidence, verdict_class = u.verdict_class, cross_listed = u.cross_listed
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[], $5::text[], $6::numeric[], $7::text[], $8::jsonb[], $9::text[], $10::jsonb[])
            as u(id, transcript_id, status, rule_id, transfers_to, credits_awarded, reason, evidence, verdict_class, cross_listed)
      where r.id = u.id and r.transcript_id = u.transcript_id`,
    [
      rows.map((row) => row.id),
      rows.map((row) => row.transcriptId),
      rows.map((row) => row.status),
      rows.map((row) => row.ruleId),
      rows.map((row) => row.transfersTo),
      rows.map((row) => row.creditsAwarded),
      rows.map((row) => row.reason),
      rows.map((row) => JSON.stringify(row.evidence ?? null)),
      rows.map((row) => row.verdictClass),
      rows.map((row) => crossListedJson(row)),
    ],
  );
  await tx.query(`update transcripts t set summary = u.summary, report_format = ${REPORT_FORMAT} from unnest($1::uuid[], $2::jsonb[]) as u(id, summary) where t.id = u.id`, [
    reports.map((report) => report.id),
    reports.map((report) => JSON.stringify(report.summary)),
  ]);
}

/** A student (or a visitor's report) with an undecided row for one course from one school to one destination. */
/** Reports with a row these rules decided: what to decide again when the rules change or go. */
export async function listReportsDecidedByRules(db: Queryable, ruleIds: number[]): Promise<string[]> {
  if (ruleIds.length === 0) return [];
  const rows = await db.query<{ id: string }>(
    // a row decided by the rule, or an undecided row whose cross-listed answer the rule gave
    `select transcript_id as id from transcript_rows where rule_id = any($1::int[])
     union
     select transcript_id from transcript_rows where cross_listed is not null and (cross_listed->>'ruleId')::int = any($1::int[])`,
    [ruleIds],
  );
  return rows.map((row) => row.id);
}

export interface ReportWithUndecidedCourse {
  transcript_id: string;
  user_id: string | null;
  email: string | null;
  name: string | null;
}

/** Every kept report that lists this course undecided: what a registrar's decision on the pair re-decides. */
export async function listReportsWithUndecidedCourse(
  db: Queryable,
  pair: { fromInstitutionId: number; toInstitutionId: number; codeKey: string },
): Promise<ReportWithUndecidedCourse[]> {
  return db.query<ReportWithUndecidedCourse>(
    `select distinct t.id as transcript_id, t.user_id, u.email, u.name
       from transcript_rows r
       join transcripts t on t.id = r.transcript_id
       left join "user" u on u.id = t.user_id
      where r.status = 'NEEDS_EVAL' and not r.removed_by_student and r.code_key = $3
        and t.detected_institution_id = $1 and t.to_institution_id = $2 and t.status in ('done', 'saved')
        and (t.expires_at is null or t.expires_at > now())`,
    [pair.fromInstitutionId, pair.toInstitutionId, pair.codeKey],
  );
}
