/**
 * The appeal lifecycle, in one place: a student asks the destination school to reconsider a course (from the search
 * screen's transcript report or the /student/appeal form, through the one create path), follows it, and an admin
 * moves it through its statuses, maybe making the rule it argued for. Verbs independent of HTTP.
 */
import type {
  AdminAppeal,
  AdminAppealCounts,
  AdminAppealDetail,
  AppealEvent as AdminAppealEvent,
  AppealEvidence,
  AppealStudentCorrection,
  AppealListStatus,
  AppealSort,
  CreateRuleFromAppeal,
  MarkAppealsInReviewResult,
  UpdateAppealInput,
} from '../../../shared/schemas/admin';
import { APPEAL_DECISION_LABELS, APPEAL_STATUS_LABELS, APPEAL_STATUSES, appealDueDate, statusLabel } from '../../../shared/schemas/appeal-status';
import type { AppealEvent, ReportRowAppeal, StudentAppeal, StudentAppealDetail, StudentAppealSummary, SubmitAppeal } from '../../../shared/schemas/student';
import type { SearchAppealResponse } from '../../../shared/schemas/transcripts';
import { recordAudit, recordDisclosure } from '../../audit/audit-log';
import type { Database, Queryable } from '../../db/client';
import { conflict, DomainError, invalid, invalidField, notFound, tooMany } from '../../domain-errors';
import type { SignedInUser } from '../../http/app-env';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import type { FileStorage } from '../../storage/file-storage';
import { readAppealTotalsByStatus } from '../admin';
import { codeKey } from '../catalogue';
import { addRuleFromApprovedAppeal } from '../equivalencies';
import { findInstitution, findInstitutionById, normalizeSchoolName } from '../institutions';
import {
  type AppealEvidenceRecord,
  claimOwnUpload,
  findEvidenceRowByCode,
  findEvidenceRowById,
  findOwnTranscriptRow,
  listOwnTranscriptCourses,
  presentReportRow,
  presentReportSummary,
  redecideReports,
} from '../transcripts';
import {
  countAppealsInSchool,
  countAppealsInLastHour,
  findAppealRow,
  findAppealSyllabusRow,
  findStudentProfileRow,
  insertAppeal,
  insertAppealEvent,
  listAppealEventRows,
  listAppealPage,
  listAppealSchools,
  listPriorAppealRows,
  listOpenAppealsOnCourse,
  listStudentAppealRows,
  listStudentAppealSummaryRows,
  lockAppealRow,
  lockStudentAppeals,
  recordAppealCenterVisit,
  updateAppealRow,
  type AppealEventRow,
  type AppealRow,
  type NewAppeal,
  type PriorAppealRow,
  type StudentAppealSummaryRow,
} from './appeals.queries';

export const MAX_APPEALS_PER_HOUR = 30;

const iso = (value: Date | string) => new Date(value).toISOString();

// ---------------------------------------------------------------------------
// Presenters: one per view
// ---------------------------------------------------------------------------

/** What both views of an appeal show alike (spec section 3's appeal record). */
const appealRecord = (row: AppealRow) => ({
  id: row.id,
  courseName: row.course_name,
  courseCode: row.course_code,
  currentSchool: row.current_school,
  targetSchool: row.target_school,
  notes: row.notes,
  syllabusLink: row.syllabus_link,
  status: row.status,
  decision: row.decision,
  studentMessage: row.student_message,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** The student's own view of their appeal: who they were when they sent it, as they sent it. */
export function presentStudentAppeal(row: AppealRow): StudentAppeal {
  const snapshot = row.student_snapshot ?? {};
  return {
    ...appealRecord(row),
    syllabusFile: row.file_key ? { key: row.file_key, name: row.file_name ?? '', size: row.file_size } : null,
    student: { name: snapshot.name ?? '', email: snapshot.email ?? '', major: snapshot.major ?? '', currentSchool: snapshot.currentSchool ?? '' },
  };
}

/** An appeal in the student's appeal center, marked when an admin changed it after the student last looked. */
const presentStudentAppealSummary = (row: StudentAppealSummaryRow): StudentAppealSummary => ({
  id: row.id,
  courseName: row.course_name,
  createdAt: iso(row.created_at),
  status: row.status,
  targetSchool: row.target_school,
  decision: row.status === 'resolved' ? row.decision : null,
  studentMessage: row.student_message,
  changedSinceLastVisit: row.last_change_at !== null && (row.seen_at === null || new Date(row.last_change_at) > new Date(row.seen_at)),
});

/** A step of the timeline as the student sees it: never the admins' own notes. */
const presentStudentAppealEvent = (row: AppealEventRow): AppealEvent => ({
  at: iso(row.created_at),
  from: row.from_status,
  to: row.to_status,
  decision: row.decision,
  studentMessage: row.student_message,
});

/** The full appeal record for the admin, plus the review fields Crosswalk keeps. */
export function presentAdminAppeal(row: AppealRow): AdminAppeal {
  return {
    ...appealRecord(row),
    userId: row.user_id,
    syllabusFile: row.file_id
      ? { key: row.file_id, url: `/api/admin/appeals/${row.id}/syllabus`, name: row.file_name ?? 'syllabus', size: row.file_size === null ? null : Number(row.file_size) }
      : null,
    student: { name: row.student_name, email: row.student_email, major: row.student_major, currentSchool: row.student_school },
    createdRuleId: row.created_rule_id,
    adminNotes: row.admin_notes,
    version: row.version,
    courseRow: row.course_row,
    dueAt: appealDueDate(row.created_at).toISOString(),
  };
}

const presentAdminAppealEvent = (row: AppealEventRow): AdminAppealEvent => ({
  id: Number(row.id),
  actorName: row.actor_name,
  fromStatus: row.from_status,
  toStatus: row.to_status,
  decision: row.decision,
  notes: row.notes,
  studentMessage: row.student_message,
  createdAt: iso(row.created_at),
});

// ---------------------------------------------------------------------------
// Creating an appeal: the one path
// ---------------------------------------------------------------------------

/**
 * Is this earlier appeal about the same course at the same destination? The same transcript row, or the same course
 * code by the engine's rule and the same school: by id when both have one, else by name in the one normalised form.
 */
function isSameAppealedCourse(prior: PriorAppealRow, course: { transcriptRowId: string | null; courseCode: string; toInstitutionId: number | null; targetSchool: string | null }): boolean {
  if (course.transcriptRowId !== null && prior.transcript_row_id === course.transcriptRowId) return true;
  if (codeKey(prior.course_code) !== codeKey(course.courseCode)) return false;
  if (prior.to_institution_id !== null && course.toInstitutionId !== null) return prior.to_institution_id === course.toInstitutionId;
  return course.targetSchool !== null && normalizeSchoolName(prior.target_school) === normalizeSchoolName(course.targetSchool);
}

const sameText = (a: string | null, b: string | null) => (a ?? '').trim().replace(/\s+/g, ' ').toLowerCase() === (b ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/** A new appeal after a denial brings something the denied one did not: another note, or a syllabus. */
function bringsNewEvidence(appeal: NewAppeal, denied: PriorAppealRow): boolean {
  const newNote = appeal.notes.trim() !== '' && !sameText(appeal.notes, denied.notes);
  const newFile = appeal.syllabusFileId !== null && appeal.syllabusFileId !== denied.syllabus_file_id;
  const newLink = Boolean(appeal.syllabusLink?.trim()) && !sameText(appeal.syllabusLink, denied.syllabus_link);
  return newNote || newFile || newLink;
}

/**
 * What every new appeal must pass, whichever screen sends it, judged against the student's newest appeal for the same
 * course and destination: none while one is open, none after an approval, and after a denial only with new evidence.
 * At most MAX_APPEALS_PER_HOUR an hour, so a double tap or a script cannot fill the clerks' queue.
 */
async function refuseRepeatedAppeal(tx: Queryable, appeal: NewAppeal): Promise<void> {
  await lockStudentAppeals(tx, appeal.userId);
  const latest = (await listPriorAppealRows(tx, appeal.userId)).find((prior) => isSameAppealedCourse(prior, appeal));
  if (latest && latest.status !== 'resolved') {
    throw conflict(
      `You already appealed ${latest.course_code} to ${latest.target_school} (${statusLabel(latest.status)}). Follow it in your appeal center; you can appeal again once it is resolved.`,
    );
  }
  if (latest?.decision === 'approved') {
    throw conflict(`Your appeal for ${latest.course_code} to ${latest.target_school} was approved, so there is nothing left to appeal. See it in your appeal center.`);
  }
  if (latest?.decision === 'denied' && !bringsNewEvidence(appeal, latest)) {
    throw conflict(
      `Your appeal for ${latest.course_code} to ${latest.target_school} was denied. To appeal again, add new evidence: say in your note what is new, or attach the course syllabus.`,
    );
  }
  if ((await countAppealsInLastHour(tx, appeal.userId)) >= MAX_APPEALS_PER_HOUR) {
    throw tooMany(`You have sent ${MAX_APPEALS_PER_HOUR} appeals in the last hour. Please wait a while and try again.`);
  }
}

/**
 * The one way an appeal is created: the limits, the row and its first event, in one transaction. Who the student is
 * (the snapshot) comes from the server's own records, never from the request body; their school is the one they named
 * on the form (`snapshotSchool`), else their profile's, else the appeal's.
 */
async function createAppeal(db: Database, user: SignedInUser, appeal: Omit<NewAppeal, 'userId' | 'snapshot'> & { snapshotSchool?: string }): Promise<string> {
  const profile = await findStudentProfileRow(db, user.id);
  const { snapshotSchool, ...fields } = appeal;
  const newAppeal: NewAppeal = {
    ...fields,
    userId: user.id,
    snapshot: {
      name: profile?.full_name || user.name,
      email: user.email,
      major: profile?.intended_major ?? '',
      currentSchool: snapshotSchool ?? (profile?.current_school || fields.currentSchool),
    },
  };
  return db.transaction(async (tx) => {
    await refuseRepeatedAppeal(tx, newAppeal);
    return insertAppeal(tx, newAppeal);
  });
}

/** The course being appealed from the search screen: a row of the student's own transcript, or a manual entry. */
async function findAppealedCourse(db: Queryable, input: { userId: string; transcriptId: string; subject: string; number: string; institutionId?: number | null }) {
  const notOnTranscript = () => notFound('We could not find that course on your transcript.');
  if (input.transcriptId.startsWith('manual_')) {
    const from = input.institutionId ? await findInstitutionById(db, input.institutionId) : null;
    const code = `${input.subject.toUpperCase()} ${input.number.toUpperCase()}`;
    return {
      transcriptId: null,
      transcriptRowId: null,
      courseName: code,
      courseCode: code,
      subject: input.subject.toUpperCase(),
      number: input.number.toUpperCase(),
      fromInstitutionId: from?.id ?? null,
      currentSchool: from?.name ?? '',
      toInstitutionId: null,
      courseRow: null,
    };
  }
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(input.transcriptId)) throw notOnTranscript();
  const row = await findOwnTranscriptRow(db, { transcriptId: input.transcriptId, userId: input.userId, subject: input.subject, number: input.number });
  if (!row) throw notOnTranscript();
  return {
    transcriptId: row.transcript_id,
    transcriptRowId: row.id,
    courseName: row.title || `${row.subject} ${row.number}`,
    courseCode: `${row.subject} ${row.number}`,
    subject: row.subject,
    number: row.number,
    fromInstitutionId: row.detected_institution_id,
    currentSchool: row.detected_institution_name ?? '',
    toInstitutionId: row.to_institution_id,
    courseRow: {
      credits: row.credits === null ? null : Number(row.credits),
      grade: row.grade,
      term: row.term,
      correction: row.added_by_student ? ('added' as const) : row.as_read ? ('edited' as const) : null,
      asRead: row.as_read,
    },
  };
}

/** The search screen's 'Submit an Appeal' dialog: a course of the student's transcript report (or a manual entry). */
export async function submitSearchAppeal(
  db: Database,
  input: { user: SignedInUser; transcriptId: string; subject: string; number: string; institutionId?: number | null; toInstitutionId?: number | string | null; note: string },
): Promise<SearchAppealResponse> {
  const course = await findAppealedCourse(db, { userId: input.user.id, ...input });
  const target =
    typeof input.toInstitutionId === 'string'
      ? await findInstitution(db, input.toInstitutionId)
      : await findInstitutionById(db, input.toInstitutionId || course.toInstitutionId || 0);
  if (!target) throw invalidField('toInstitutionId', 'choose the school you are transferring to.', 'unknown school');
  const id = await createAppeal(db, input.user, {
    ...course,
    targetSchool: target.name,
    toInstitutionId: target.id,
    notes: input.note.trim(),
    syllabusLink: null,
    syllabusFileId: null,
  });
  const row = await findAppealRow(db, id);
  if (!row) throw new Error('submitted appeal not found');
  return { appeal: { id, status: 'submitted', createdAt: iso(row.created_at) } };
}

/** The /student/appeal form: any course, with a syllabus link or an uploaded syllabus checked like every upload. */
export async function submitStudentAppeal({ db, storage, user, input }: { db: Database; storage: FileStorage; user: SignedInUser; input: SubmitAppeal }): Promise<StudentAppeal> {
  const syllabus = input.syllabusFile
    ? await claimOwnUpload({
        db,
        storage,
        userId: user.id,
        key: input.syllabusFile.key,
        purpose: 'syllabus',
        names: (file) => [file.original_name, input.syllabusFile?.name ?? ''],
        field: 'syllabusFile: ',
      })
    : null;
  const profile = await findStudentProfileRow(db, user.id);
  const currentSchool = input.currentSchool || profile?.current_school || '';
  const toInstitution = await findInstitution(db, input.targetSchool);
  const id = await createAppeal(db, user, {
    transcriptId: null,
    transcriptRowId: null,
    courseName: input.courseName,
    courseCode: input.courseCode,
    subject: null,
    number: null,
    currentSchool,
    targetSchool: input.targetSchool,
    fromInstitutionId: null,
    toInstitutionId: toInstitution?.id ?? null,
    notes: input.notes,
    syllabusLink: input.syllabusLink || null,
    syllabusFileId: syllabus?.id ?? null,
    snapshotSchool: currentSchool,
    courseRow: null,
  });
  const row = await findAppealRow(db, id, user.id);
  if (!row) throw new Error('submitted appeal not found');
  return presentStudentAppeal(row);
}

// ---------------------------------------------------------------------------
// The student follows their appeals
// ---------------------------------------------------------------------------

export async function getStudentAppeal({ db, userId, id }: { db: Queryable; userId: string; id: string }): Promise<StudentAppealDetail> {
  const row = await findAppealRow(db, id, userId);
  if (!row) throw notFound('No appeal with this id.');
  const events = await listAppealEventRows(db, [row.id]);
  return { ...presentStudentAppeal(row), timeline: events.map(presentStudentAppealEvent) };
}

export async function listStudentAppealSummaries(db: Queryable, userId: string): Promise<StudentAppealSummary[]> {
  return (await listStudentAppealSummaryRows(db, userId)).map(presentStudentAppealSummary);
}

/** The student looked at their appeal center: what changed before now is no longer new. */
export async function markAppealCenterSeen(db: Queryable, userId: string): Promise<void> {
  await recordAppealCenterVisit(db, userId);
}

/**
 * What became of each row's appeal on the student's own transcript report: the newest appeal for the same course and
 * destination, by the create path's own rule (isSameAppealedCourse), so the report offers an appeal exactly when the
 * server would accept one. Another student's transcript has no rows here.
 */
export async function listReportRowAppeals(db: Queryable, input: { transcriptId: string; userId: string }): Promise<ReportRowAppeal[]> {
  const [rows, priors] = await Promise.all([listOwnTranscriptCourses(db, input), listPriorAppealRows(db, input.userId)]);
  if (priors.length === 0) return [];
  return rows.flatMap((row) => {
    const latest = priors.find((prior) =>
      isSameAppealedCourse(prior, { transcriptRowId: row.id, courseCode: `${row.subject} ${row.number}`, toInstitutionId: row.to_institution_id, targetSchool: null }),
    );
    if (!latest) return [];
    const decision = latest.status === 'resolved' ? latest.decision : null;
    return [
      {
        rowId: row.id,
        appeal: { id: latest.id, status: latest.status, decision, studentMessage: latest.student_message, createdAt: iso(latest.created_at) },
        canAppealAgain: decision === 'denied',
        grantedOnAppeal: decision === 'approved' && row.status !== 'DIRECT',
      },
    ];
  });
}

/** Every appeal of the student with its timeline, as their data export lists them. */
export async function exportStudentAppeals(db: Queryable, userId: string): Promise<StudentAppealDetail[]> {
  const rows = await listStudentAppealRows(db, userId);
  const events = await listAppealEventRows(db, rows.map((row) => row.id));
  return rows.map((row) => ({
    ...presentStudentAppeal(row),
    timeline: events.filter((event) => event.appeal_id === row.id).map(presentStudentAppealEvent),
  }));
}

// ---------------------------------------------------------------------------
// The admin reviews appeals
// ---------------------------------------------------------------------------

export async function listAdminAppeals(db: Queryable, query: { status?: AppealListStatus; q?: string; cursor?: string; sort?: AppealSort; school?: string }) {
  const { rows, nextCursor } = await listAppealPage(db, query);
  return { appeals: rows.map(presentAdminAppeal), nextCursor };
}

/**
 * The queue's figures: appeals per status and the schools appeals go to. Every school's come from the hub's running
 * totals (owned by admin); one school's are counted from its index.
 */
export async function countAdminAppeals(db: Queryable, query: { school?: string }): Promise<AdminAppealCounts> {
  const schools = await listAppealSchools(db);
  if (!query.school) return { byStatus: await readAppealTotalsByStatus(db), schools };
  const byStatus = Object.fromEntries(APPEAL_STATUSES.map((status) => [status, 0])) as AdminAppealCounts['byStatus'];
  for (const { status, count } of await countAppealsInSchool(db, query.school)) byStatus[status] = count;
  return { byStatus, schools };
}

export async function getAdminAppeal(db: Queryable, id: string): Promise<AdminAppealDetail> {
  const row = await findAppealRow(db, id);
  if (!row) throw notFound('No such appeal.');
  const [events, evidence] = await Promise.all([listAppealEventRows(db, [id]), readAppealEvidence(db, row)]);
  return { appeal: presentAdminAppeal(row), history: events.map(presentAdminAppealEvent), evidence };
}

/**
 * What the student changed in the row before appealing, from the row as it stood when the appeal was sent
 * (`course_row`): each field the reader read differently, in the clerk's words, or the whole course when the student
 * added it. Null when the student changed nothing.
 */
function studentCorrection(appeal: AppealRow): AppealStudentCorrection | null {
  const sent = appeal.course_row;
  if (!sent?.correction) return null;
  const correctedAt = new Date(appeal.created_at).toISOString();
  if (sent.correction === 'added') {
    const course = [appeal.course_code, appeal.course_name].filter(Boolean).join(' ');
    return { changes: [{ what: 'Course', from: null, to: course }], note: 'Added by the student: our reader did not find this course on the transcript.', correctedAt };
  }
  const read = sent.asRead;
  if (!read) return null;
  const text = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? null : String(value));
  const fields: Array<[string, string | null, string | null]> = [
    ['Course code', text(`${read.subject} ${read.number}`.trim()), text(appeal.course_code)],
    ['Title', text(read.title), text(appeal.course_name)],
    ['Credits', text(read.credits), text(sent.credits)],
    ['Grade', text(read.grade), text(sent.grade)],
    ['Term', text(read.term), text(sent.term)],
  ];
  const changes = fields.filter(([, from, to]) => from !== to).map(([what, from, to]) => ({ what, from, to }));
  return changes.length > 0 ? { changes, note: null, correctedAt } : null;
}

/**
 * The evidence beside the decision: the transcript row the appeal was sent from (or, for one sent from the appeal
 * form, the same course on the student's newest analysed transcript), as the engine decided it, and its transcript.
 */
async function readAppealEvidence(db: Queryable, appeal: AppealRow): Promise<AppealEvidence> {
  const sent = appeal.transcript_row_id ? await findEvidenceRowById(db, { rowId: appeal.transcript_row_id, userId: appeal.user_id }) : null;
  const code = sent ? null : sourceCode(appeal);
  const record: AppealEvidenceRecord | null = sent ?? (code ? await findEvidenceRowByCode(db, { userId: appeal.user_id, ...code }) : null);
  if (!record) return { row: null, correction: studentCorrection(appeal), transcript: null };
  // The row and the summary as the student's report shows them (transcripts' one presenter).
  const shown = presentReportRow(record, record.detected_institution_name ?? 'Unknown school');
  return {
    row: {
      subject: shown.subject,
      number: shown.number,
      title: shown.title,
      grade: shown.grade,
      term: shown.term,
      credits: shown.credits,
      status: shown.status,
      verdictClass: shown.verdictClass,
      reason: shown.reason,
      transfersTo: shown.transfersTo,
      ruleId: shown.to_equivalency_id,
      // Every suggestion the analysis ranked: the registrar judges them (the student's report shows only the confident).
      suggestions: record.evidence?.candidates ?? [],
      matchedByCode: sent === null,
    },
    correction: studentCorrection(appeal),
    transcript: {
      id: record.transcript_id,
      fileName: record.file_name,
      fileUrl: record.file_stored ? `/api/admin/students/${encodeURIComponent(appeal.user_id)}/transcripts/${record.transcript_id}/file` : null,
      fromSchool: record.detected_institution_name,
      toSchool: record.to_institution_name,
      summary: presentReportSummary(record.summary),
      analysedAt: iso(record.analyzed_at ?? record.created_at),
    },
  };
}

/**
 * Bulk "Mark in review": each submitted appeal among these goes through the one update (its event, audit row and the
 * student's e-mail); an appeal already further on, or changed meanwhile, is left as it is and listed with why.
 */
export async function markAppealsInReview(
  deps: { db: Database; mailer: Mailer; appUrl: string },
  input: { appealIds: string[]; actor: SignedInUser; ipAddress: string },
): Promise<MarkAppealsInReviewResult> {
  const result: MarkAppealsInReviewResult = { updated: [], skipped: [] };
  for (const id of new Set(input.appealIds)) {
    const row = await findAppealRow(deps.db, id);
    if (!row) {
      result.skipped.push({ id, reason: 'This appeal no longer exists.' });
      continue;
    }
    if (row.status !== 'submitted') {
      result.skipped.push({ id, reason: `Already ${statusLabel(row.status)}.` });
      continue;
    }
    try {
      const appeal = await updateAppeal(deps, {
        userId: row.user_id,
        appealId: id,
        status: 'in_review',
        adminNotes: row.admin_notes,
        expectedVersion: row.version,
        actor: input.actor,
        ipAddress: input.ipAddress,
      });
      result.updated.push(appeal);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      result.skipped.push({ id, reason: error.message });
    }
  }
  return result;
}

/** An appeal's syllabus for an admin: a disclosure of the student's record, audited. */
export async function readAppealSyllabus(
  deps: { db: Queryable; storage: FileStorage; logger: Logger },
  input: { appealId: string; actor: SignedInUser; ipAddress: string; requestId: string },
): Promise<{ bytes: Buffer; name: string; contentType: string }> {
  const file = await findAppealSyllabusRow(deps.db, input.appealId);
  if (!file) throw notFound('This appeal has no syllabus file.');
  const bytes = await deps.storage.get(file.storage_key);
  if (!bytes) throw notFound('The file is missing from storage.');
  await recordDisclosure(deps, {
    actor: { id: input.actor.id, email: input.actor.email },
    subject: 'syllabus',
    subjectId: file.file_id,
    studentId: file.user_id,
    details: { appealId: input.appealId, file: file.original_name },
    ipAddress: input.ipAddress,
    requestId: input.requestId,
  });
  return { bytes, name: file.original_name, contentType: file.content_type };
}

/**
 * An admin moves an appeal to any status (spec section 4) with their notes. In one transaction: the optimistic-lock
 * check, the update, the appeal_events row, the audit row and, when approved with a target course, the equivalency
 * rule the appeal argued for. The student is e-mailed after the commit.
 */
export async function updateAppeal(
  deps: { db: Database; mailer: Mailer; appUrl: string },
  input: UpdateAppealInput & { actor: SignedInUser; ipAddress: string; decidedRuleId?: number },
): Promise<AdminAppeal> {
  const decision = input.status === 'resolved' ? (input.decision ?? null) : null;
  if (input.createRule && !(input.status === 'resolved' && decision === 'approved')) {
    throw invalid('createRule: a rule can only be created when the appeal is resolved as approved.');
  }
  const { before, after } = await deps.db.transaction(async (tx) => {
    const locked = await lockAppealRow(tx, input.appealId, input.userId);
    if (!locked) throw notFound('No such appeal for this student.');
    if (input.expectedVersion !== undefined && input.expectedVersion !== locked.version) {
      throw conflict('Someone else updated this appeal after you opened it. Reload it to see their changes, then try again.', { currentVersion: locked.version });
    }
    const current = await findAppealRow(tx, input.appealId);
    if (!current) throw notFound('No such appeal for this student.');
    let ruleId = locked.created_rule_id;
    if (input.createRule && ruleId === null) ruleId = await createRuleFromAppeal(tx, current, input.createRule, input.actor.id);
    // A rule the registrar already wrote for the course (the evaluation queue) decides the appeal too.
    if (input.decidedRuleId !== undefined && ruleId === null) ruleId = input.decidedRuleId;
    await updateAppealRow(tx, { appealId: input.appealId, status: input.status, adminNotes: input.adminNotes, decision, studentMessage: input.studentMessage, ruleId });
    await insertAppealEvent(tx, {
      appealId: input.appealId,
      actorId: input.actor.id,
      actorName: input.actor.name || input.actor.email,
      from: locked.status,
      to: input.status,
      decision,
      notes: input.adminNotes,
      studentMessage: input.studentMessage || null,
    });
    await recordAudit(tx, {
      actor: { id: input.actor.id, email: input.actor.email },
      action: 'appeal_status_changed',
      subjectType: 'appeal',
      subjectId: input.appealId,
      studentId: current.user_id,
      details: { from: locked.status, to: input.status, decision, createdRuleId: ruleId !== locked.created_rule_id ? ruleId : undefined },
      ipAddress: input.ipAddress,
    });
    const updated = await findAppealRow(tx, input.appealId);
    if (!updated) throw notFound('No such appeal for this student.');
    return { before: current, after: updated };
  });

  // The rule that decided the appeal (made from it, or the evaluation queue's) decides the report it was sent from, so
  // the student's row shows the outcome instead of the engine's old answer. One report: light enough for the request.
  if (after.created_rule_id !== null && after.created_rule_id !== before.created_rule_id && after.transcript_id) {
    await redecideReports(deps.db, [after.transcript_id]);
  }
  if (before.status !== after.status || input.studentMessage) await emailStudent(deps, after, input.studentMessage ?? null);
  return presentAdminAppeal(after);
}

/** The rule the appeal argued for: the appeal's course at its school counts as the admin's target course at the destination. */
async function createRuleFromAppeal(tx: Queryable, appeal: AppealRow, target: CreateRuleFromAppeal, actorId: string): Promise<number> {
  // Appeals from the student form name the schools as text: find them by name or alias as everything else does.
  const schoolId = async (name: string) => (name.trim() ? ((await findInstitution(tx, name))?.id ?? null) : null);
  const fromId = appeal.from_institution_id ?? (await schoolId(appeal.current_school || appeal.student_school));
  const toId = appeal.to_institution_id ?? (await schoolId(appeal.target_school));
  if (!fromId || !toId) {
    throw invalid('createRule: this appeal does not name both schools as known institutions, so no rule can be made from it. Add the rule on the Transfer data page.');
  }
  const source = sourceCode(appeal);
  if (!source) throw invalid(`createRule: the appeal's course code "${appeal.course_code}" has no subject and number.`);
  return addRuleFromApprovedAppeal(tx, {
    appealId: appeal.id,
    fromInstitutionId: fromId,
    toInstitutionId: toId,
    source: { ...source, title: appeal.course_name },
    target: { subject: target.targetSubject.toUpperCase(), number: target.targetNumber.toUpperCase(), title: target.targetTitle || null },
    credits: target.credits ?? null,
    actorId,
  });
}

function sourceCode(appeal: AppealRow): { subject: string; number: string } | null {
  if (appeal.subject && appeal.number) return { subject: appeal.subject, number: appeal.number };
  const match = /^\s*([A-Za-z]{2,5})\s*-?\s*(\d{3,4}[A-Za-z]?)\s*$/.exec(appeal.course_code);
  return match?.[1] && match[2] ? { subject: match[1].toUpperCase(), number: match[2].toUpperCase() } : null;
}

async function emailStudent(deps: { mailer: Mailer; appUrl: string }, appeal: AppealRow, studentMessage: string | null) {
  const course = appeal.course_code ? `${appeal.course_code} ${appeal.course_name}`.trim() : appeal.course_name;
  const link = `${deps.appUrl.replace(/\/$/, '')}/student/appeals/${appeal.id}`;
  const lines = [
    `Hello ${appeal.student_name || 'there'},`,
    '',
    `Your transfer appeal for ${course} at ${appeal.target_school} is now ${statusLabel(appeal.status)}.`,
    ...(appeal.status === 'resolved' && appeal.decision ? [`Decision: ${APPEAL_DECISION_LABELS[appeal.decision]}.`] : []),
    ...(studentMessage ? ['', 'A message from the transfer office:', studentMessage] : []),
    '',
    `See your appeal: ${link}`,
  ];
  await deps.mailer.send({
    to: appeal.account_email,
    subject: `Your appeal for ${course} is now ${APPEAL_STATUS_LABELS[appeal.status]}`,
    text: lines.join('\n'),
    category: 'appeal-update',
  });
}

/** How many open appeals name a course between two schools: what a queue decision on it will resolve. */
export async function countOpenAppealsOnCourse(db: Queryable, pair: { fromInstitutionId: number; toInstitutionId: number; codeKey: string }): Promise<number> {
  return (await listOpenAppealsOnCourse(db, pair)).length;
}

/**
 * The evaluation queue decided a course for a pair of schools: every open appeal on that course is resolved the same
 * way (approved when the course now transfers, denied when it does not) with the registrar's message, each as an admin
 * update (event, audit, e-mail to the student). Returns the students whose appeals were resolved.
 */
export async function resolveOpenAppealsOnCourse(
  deps: { db: Database; mailer: Mailer; appUrl: string },
  input: {
    pair: { fromInstitutionId: number; toInstitutionId: number; codeKey: string };
    decision: 'approved' | 'denied';
    ruleId: number;
    studentMessage: string;
    actor: SignedInUser;
    ipAddress: string;
  },
): Promise<Array<{ appealId: string; userId: string }>> {
  const open = await listOpenAppealsOnCourse(deps.db, input.pair);
  for (const appeal of open) {
    await updateAppeal(deps, {
      appealId: appeal.id,
      userId: appeal.user_id,
      status: 'resolved',
      decision: input.decision,
      adminNotes: 'Decided for every student in the evaluation queue.',
      studentMessage: input.studentMessage,
      decidedRuleId: input.ruleId,
      actor: input.actor,
      ipAddress: input.ipAddress,
    });
  }
  return open.map((appeal) => ({ appealId: appeal.id, userId: appeal.user_id }));
}
