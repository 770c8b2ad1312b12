import { z } from 'zod';
import { HttpError } from '../../http/errors';
import { readJson } from '../../http/json-body';
import type { RouteTable } from '../../http/route-table';
import { findInstitution } from '../equivalencies/equivalency.queries';

const analysedTranscriptSchema = z.object({
  fromSchool: z.string().trim().min(1).max(200),
  courses: z
    .array(
      z.object({
        subject: z.string().trim().min(1).max(20),
        number: z.string().trim().min(1).max(20),
        title: z.string().trim().max(200).default(''),
        credits: z.number().min(0).max(20).default(3),
        grade: z.string().trim().max(5).nullish(),
      }),
    )
    .min(1)
    .max(60),
});

/**
 * Development and test helper, never registered in production: an analysed transcript for the signed-in student,
 * so the compare view can be tried (and browser-tested) without the transcript reader.
 */
export function registerStudentDevRoutes(routes: RouteTable) {
  routes.post('/api/dev/student/analysed-transcript', 'student', async (c) => {
    const user = c.get('user');
    if (!user) throw new HttpError(401, 'Please sign in first.');
    const input = await readJson(c, analysedTranscriptSchema);
    const { db } = c.get('deps');
    const from = await findInstitution(db, input.fromSchool);
    if (!from) throw new HttpError(404, `fromSchool: we do not know the school '${input.fromSchool}'.`);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string }>(
        `insert into transcripts (user_id, file_name, status, progress, detected_institution_id, detected_institution_name, analyzed_at)
         values ($1, 'sample-transcript.pdf', 'done', 100, $2, $3, now()) returning id`,
        [user.id, from.id, from.name],
      );
      if (!row) throw new Error('transcript insert returned nothing');
      for (const [position, course] of input.courses.entries()) {
        await tx.query(
          `insert into transcript_rows (transcript_id, position, subject, number, title, credits, earned, grade) values ($1, $2, $3, $4, $5, $6, $6, $7)`,
          [row.id, position, course.subject, course.number, course.title, course.credits, course.grade ?? null],
        );
      }
      return row.id;
    });
    return c.json({ id }, 201);
  });
}
