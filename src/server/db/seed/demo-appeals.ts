import type { Queryable } from '../client';

/** A few appeals from the demo student, so the admin area has a queue to work through on a fresh install. */
const DEMO_APPEALS = [
  {
    courseName: 'Introduction to Sociology',
    courseCode: 'SYG 1000',
    to: 'ucf',
    notes: 'UCF lists SYG 1000 as needing evaluation. My course used the same textbook (Giddens, Essentials of Sociology) and covered every topic in UCF’s catalogue description, including research methods and social stratification.',
  },
  {
    courseName: 'Principles of Macroeconomics',
    courseCode: 'ECO 2013',
    to: 'florida',
    notes: 'The statewide course numbering says ECO 2013 should transfer as ECO 2013, but my transcript evaluation shows it as an elective.',
  },
  {
    courseName: 'College Algebra',
    courseCode: 'MAC 1105',
    to: 'fsu',
    notes: 'I took MAC 1105 in a summer term online; the syllabus matches FSU’s MAC 1105 and I earned an A.',
  },
  {
    courseName: 'General Psychology',
    courseCode: 'PSY 2012',
    to: 'usf',
    notes: 'My advisor said PSY 2012 transfers directly, but it was marked as no transfer.',
  },
  {
    courseName: 'Biology I with Lab',
    courseCode: 'BSC 2010C',
    to: 'fiu',
    notes: 'The lab portion was in person, 3 hours a week. I can send the lab manual.',
  },
] as const;

export async function seedDemoAppeals(db: Queryable, studentId: string) {
  const [existing] = await db.query(`select 1 from appeals where user_id = $1 limit 1`, [studentId]);
  if (existing) return;
  const schools = await db.query<{ id: number; key: string; name: string }>(`select id, key, name from institutions where key in ('valencia', 'ucf', 'florida', 'fsu', 'usf', 'fiu')`);
  const byKey = new Map(schools.map((school) => [school.key, school]));
  const from = byKey.get('valencia');
  for (const [index, appeal] of DEMO_APPEALS.entries()) {
    const to = byKey.get(appeal.to);
    const [subject, number] = appeal.courseCode.split(' ');
    await db.query(
      `insert into appeals (user_id, course_name, course_code, subject, number, current_school, target_school, from_institution_id, to_institution_id,
                            notes, student_snapshot, created_at, updated_at)
       values ($1, $2, $3, $4, $5, 'Valencia College', $6, $7, $8, $9, $10, now() - make_interval(hours => $11), now() - make_interval(hours => $11))`,
      [
        studentId,
        appeal.courseName,
        appeal.courseCode,
        subject,
        number,
        to?.name ?? appeal.to,
        from?.id ?? null,
        to?.id ?? null,
        appeal.notes,
        JSON.stringify({ name: 'Maria Johnson', email: 'student@crosswalk.demo', major: 'Economics', currentSchool: 'Valencia College' }),
        (index + 1) * 7,
      ],
    );
  }
}
