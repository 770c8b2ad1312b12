import type { AppealCourseRow, SearchAppealResponse } from '../../../shared/schemas/transcripts';
import type { Database, Queryable } from '../../db/client';
import { HttpError } from '../../http/errors';
import { findInstitution } from '../equivalencies/equivalency.queries';
import { refuseRepeatedAppeal } from './appeal-limits';

interface AppealCourse {
  transcriptId: string | null;
  transcriptRowId: string | null;
  courseName: string;
  courseCode: string;
  subject: string;
  number: string;
  fromInstitutionId: number | null;
  currentSchool: string;
  toInstitutionId: number | null;
  /** The transcript row as it stood when appealed, with the student's correction if they made one; null for a manual entry. */
  courseRow: AppealCourseRow | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function institutionById(db: Queryable, id: number | null | undefined) {
  if (!id) return null;
  const [row] = await db.query<{ id: number; name: string }>(`select id, name from institutions where id = $1`, [id]);
  return row ?? null;
}

/** The course being appealed: a row of the student's own transcript (ownership in the query), or a manual entry. */
async function findAppealCourse(
  db: Queryable,
  input: { studentId: string; transcriptId: string; subject: string; number: string; institutionId?: number | null },
): Promise<AppealCourse> {
  const code = `${input.subject.toUpperCase()} ${input.number.toUpperCase()}`;
  if (input.transcriptId.startsWith('manual_')) {
    const from = await institutionById(db, input.institutionId);
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
  if (!UUID.test(input.transcriptId)) throw new HttpError(404, 'We could not find that course on your transcript.');
  const [row] = await db.query<{
    id: string;
    transcript_id: string;
    subject: string;
    number: string;
    title: string;
    credits: string | number | null;
    grade: string | null;
    term: string | null;
    as_read: AppealCourseRow['asRead'];
    added_by_student: boolean;
    detected_institution_id: number | null;
    detected_institution_name: string | null;
    to_institution_id: number | null;
  }>(
    `select r.id, r.transcript_id, r.subject, r.number, r.title, r.credits, r.grade, r.term, r.as_read, r.added_by_student,
            t.detected_institution_id, t.detected_institution_name, t.to_institution_id
       from transcript_rows r join transcripts t on t.id = r.transcript_id
      where t.id = $1 and t.user_id = $2 and upper(r.subject) = upper($3) and upper(r.number) = upper($4) and not r.removed_by_student
      order by r.position limit 1`,
    [input.transcriptId, input.studentId, input.subject, input.number],
  );
  if (!row) throw new HttpError(404, 'We could not find that course on your transcript.');
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
      correction: row.added_by_student ? 'added' : row.as_read ? 'edited' : null,
      asRead: row.as_read,
    },
  };
}

/** A student asks the destination school to reconsider a course from the search screen's transcript report. */
export async function submitSearchAppeal(
  db: Database,
  input: {
    student: { id: string; name: string; email: string };
    transcriptId: string;
    subject: string;
    number: string;
    institutionId?: number | null;
    toInstitutionId?: number | string | null;
    note: string;
  },
): Promise<SearchAppealResponse> {
  const course = await findAppealCourse(db, { studentId: input.student.id, ...input });
  const target =
    typeof input.toInstitutionId === 'string'
      ? await findInstitution(db, input.toInstitutionId)
      : await institutionById(db, input.toInstitutionId || course.toInstitutionId);
  if (!target) {
    throw new HttpError(400, 'toInstitutionId: choose the school you are transferring to.', { fields: [{ field: 'toInstitutionId', message: 'unknown school' }] });
  }
  return db.transaction(async (tx) => {
    await refuseRepeatedAppeal(tx, { userId: input.student.id, courseCode: course.courseCode, targetSchool: target.name, toInstitutionId: target.id });
    const [appeal] = await tx.query<{ id: string; status: 'submitted'; created_at: string | Date }>(
      `insert into appeals (user_id, transcript_id, transcript_row_id, course_name, course_code, subject, number, current_school, target_school,
                            from_institution_id, to_institution_id, notes, student_snapshot, course_row, status)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'submitted')
       returning id, status, created_at`,
      [
        input.student.id,
        course.transcriptId,
        course.transcriptRowId,
        course.courseName,
        course.courseCode,
        course.subject,
        course.number,
        course.currentSchool,
        target.name,
        course.fromInstitutionId,
        target.id,
        input.note.trim(),
        JSON.stringify({ name: input.student.name, email: input.student.email }),
        course.courseRow ? JSON.stringify(course.courseRow) : null,
      ],
    );
    await tx.query(`insert into appeal_events (appeal_id, actor_id, actor_name, from_status, to_status, notes) values ($1, $2, $3, null, 'submitted', $4)`, [
      appeal!.id,
      input.student.id,
      input.student.name,
      input.note.trim(),
    ]);
    return { appeal: { id: appeal!.id, status: 'submitted' as const, createdAt: new Date(appeal!.created_at).toISOString() } };
  });
}
