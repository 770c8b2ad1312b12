import type { Context } from 'hono';
import {
  addTranscriptRowSchema,
  analyzeTranscriptSchema,
  correctTranscriptRowSchema,
  createTranscriptSchema,
  TRANSCRIPT_TOKEN_HEADER,
  transcriptIdParamSchema,
  transcriptRowParamSchema,
} from '../../../shared/schemas/transcripts';
import { recordAudit } from '../../audit/audit-log';
import type { AppEnv } from '../../http/app-env';
import { HttpError } from '../../http/errors';
import { readJson } from '../../http/json-body';
import type { RouteTable } from '../../http/route-table';
import type { TranscriptReader } from './transcripts.queries';
import {
  addTranscriptRow,
  claimTranscript,
  correctTranscriptRow,
  getReadableTranscript,
  hashVisitorToken,
  presentTranscript,
  requestTranscriptAnalysis,
  startTranscriptUpload,
} from './transcripts.service';

/** The transcript's id from the path; anything that is not a transcript id is simply not found. */
function transcriptId(c: Context<AppEnv>): string {
  const parsed = transcriptIdParamSchema.safeParse({ id: c.req.param('id') });
  if (!parsed.success) throw new HttpError(404, 'No such transcript.');
  return parsed.data.id;
}

/** canReadTranscript in one place: its owner, the visitor holding its token, or an admin. */
function readerOf(c: Context<AppEnv>): TranscriptReader {
  const user = c.get('user');
  const token = c.req.header(TRANSCRIPT_TOKEN_HEADER);
  return {
    userId: user?.id ?? null,
    isAdmin: user?.roles.includes('admin') === true && user.twoFactorEnabled,
    visitorTokenHash: token ? hashVisitorToken(token) : null,
  };
}

/** Transcript analysis (spec sections 4 and 7): usable signed in or not. */
export function registerTranscriptRoutes(routes: RouteTable) {
  routes.post('/api/transcripts', 'public', async (c) => {
    const body = await readJson(c, createTranscriptSchema);
    const created = await startTranscriptUpload(c.get('deps'), { ...body, userId: c.get('user')?.id ?? null, address: c.get('clientIp') });
    c.header('Cache-Control', 'no-store');
    return c.json(created, 201);
  });

  routes.post('/api/transcripts/:id/analyze', 'public', async (c) => {
    const id = transcriptId(c);
    const body = await readJson(c, analyzeTranscriptSchema);
    return c.json(await requestTranscriptAnalysis(c.get('deps'), { id, reader: readerOf(c), ...body }), 202);
  });

  routes.get('/api/transcripts/:id', 'public', async (c) => {
    const { db, logger } = c.get('deps');
    const reader = readerOf(c);
    const transcript = await getReadableTranscript(db, transcriptId(c), reader);
    const user = c.get('user');
    if (reader.isAdmin && transcript.user_id !== user?.id) {
      logger.info('sensitive_read', { actorId: user?.id, subject: 'transcript', transcriptId: transcript.id });
      await recordAudit(db, {
        actor: { id: user?.id ?? null, email: user?.email ?? null },
        action: 'sensitive_read_transcript',
        subjectType: 'transcript',
        subjectId: transcript.id,
        studentId: transcript.user_id,
        ipAddress: c.get('clientIp'),
      });
    }
    c.header('Cache-Control', 'no-store');
    return c.json(await presentTranscript(db, transcript));
  });

  // "What we read": the student adds a course the reader missed, or fixes or removes a row; the answer is the report
  // decided again. Only the transcript's student (or the visitor holding its token) may; anyone else gets a 404.
  routes.post('/api/transcripts/:id/rows', 'public', async (c) => {
    const id = transcriptId(c);
    const row = await readJson(c, addTranscriptRowSchema);
    c.header('Cache-Control', 'no-store');
    return c.json(await addTranscriptRow(c.get('deps').db, { id, reader: readerOf(c), row }), 201);
  });

  routes.patch('/api/transcripts/:id/rows/:rowId', 'public', async (c) => {
    const parsed = transcriptRowParamSchema.safeParse({ id: c.req.param('id'), rowId: c.req.param('rowId') });
    if (!parsed.success) throw new HttpError(404, 'No such course on this transcript.');
    const changes = await readJson(c, correctTranscriptRowSchema);
    c.header('Cache-Control', 'no-store');
    return c.json(await correctTranscriptRow(c.get('deps').db, { ...parsed.data, reader: readerOf(c), changes }));
  });

  routes.post('/api/transcripts/:id/claim', 'student', async (c) => {
    const id = transcriptId(c);
    await claimTranscript(c.get('deps').db, { id, userId: c.get('user')!.id, token: c.req.header(TRANSCRIPT_TOKEN_HEADER) });
    return c.json({ id, claimed: true });
  });
}
