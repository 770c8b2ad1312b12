import type { Queryable } from '../db/client';
import type { Logger } from '../logger';

export type AuditAction =
  | 'role_granted'
  | 'role_revoked'
  | 'sensitive_read_transcript'
  | 'sensitive_read_student'
  | 'appeal_status_changed'
  | 'equivalency_rules_imported'
  | 'equivalency_rule_changed'
  | 'institution_created'
  | 'institution_updated'
  | 'announcement_posted'
  | 'announcement_deleted'
  | 'partner_connection_changed'
  | 'programs_imported'
  | 'program_updated'
  | 'evaluation_pair_decided'
  | 'evaluation_decision_undone'
  | 'unreadable_transcript_read';

export interface AuditEntry {
  actor: { id: string | null; email: string | null };
  action: AuditAction;
  subjectType?: string;
  subjectId?: string;
  /** The student whose records were read or changed: their disclosure record (FERPA 99.32). */
  studentId?: string | null;
  details?: Record<string, unknown>;
  ipAddress?: string;
}

/** Appends one entry; audit rows are never updated or deleted by the app. */
export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(
    `insert into audit_log (actor_id, actor_email, action, subject_type, subject_id, student_id, details, ip_address)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      entry.actor.id,
      entry.actor.email,
      entry.action,
      entry.subjectType ?? null,
      entry.subjectId ?? null,
      entry.studentId ?? null,
      JSON.stringify(entry.details ?? {}),
      entry.ipAddress ?? null,
    ],
  );
}

/**
 * A student's record shown to someone other than the student (an admin reading a transcript or an appeal's syllabus):
 * the FERPA disclosure record, written here and nowhere else, with the `sensitive_read` log line beside it.
 */
export async function recordDisclosure(
  deps: { db: Queryable; logger: Logger },
  disclosure: {
    actor: { id: string; email: string };
    subject: 'transcript' | 'syllabus';
    subjectId: string;
    studentId: string | null;
    details?: Record<string, unknown>;
    ipAddress: string;
    requestId?: string;
  },
): Promise<void> {
  await recordAudit(deps.db, {
    actor: disclosure.actor,
    action: disclosure.subject === 'transcript' ? 'sensitive_read_transcript' : 'sensitive_read_student',
    subjectType: disclosure.subject,
    subjectId: disclosure.subjectId,
    studentId: disclosure.studentId,
    details: disclosure.details,
    ipAddress: disclosure.ipAddress,
  });
  deps.logger.info('sensitive_read', {
    requestId: disclosure.requestId,
    actorId: disclosure.actor.id,
    subject: disclosure.subject,
    subjectId: disclosure.subjectId,
    studentId: disclosure.studentId,
  });
}
