import { addTranscriptRowSchema, analyzeTranscriptSchema, correctTranscriptRowSchema, createTranscriptSchema, TRANSCRIPT_TOKEN_HEADER, transcriptCalendarSchema } from '../../../shared/schemas/transcripts';
import { saveTranscriptSchema } from '../../../shared/schemas/student';
import { studentTranscriptParamsSchema, transcriptParamsSchema, transcriptRowParamsSchema } from '../../../shared/schemas/path-params';
import { fileDownload } from '../../http/file-download';
import { readJson, readParams } from '../../http/json-body';
import type { RouteTable } from '../../http/route-table';
import { signedInUser } from '../../http/session';
import { visitorBrowserId } from '../../http/visitor-browser';
import { logUploadRefusal } from './stored-files.routes';
import { readTranscriptAs, transcriptReaderOf } from './transcript-access';
import {
  addTranscriptRow,
  claimTranscript,
  correctTranscriptRow,
  deleteProfileTranscript,
  keepUnreadableFile,
  presentTranscriptReport,
  readTranscriptFile,
  requestTranscriptAnalysis,
  saveProfileTranscript,
  setTranscriptCreditCalendar,
  startTranscriptUpload,
} from './transcripts.service';

/** Transcripts: the search screen's analysis (spec sections 4 and 7, signed in or not) and the student's kept transcripts. */
export function registerTranscriptRoutes(routes: RouteTable) {
  routes.post('/api/transcripts', 'public', async (c) => {
    const body = await readJson(c, createTranscriptSchema);
    const userId = c.get('user')?.id ?? null;
    const created = await startTranscriptUpload(c.get('deps'), { ...body, userId, address: c.get('clientIp'), visitorBrowser: userId ? null : visitorBrowserId(c) });
    c.header('Cache-Control', 'no-store');
    return c.json(created, 201);
  });

  routes.post('/api/transcripts/:id/analyze', 'public', async (c) => {
    const { id } = readParams(c, transcriptParamsSchema);
    const body = await readJson(c, analyzeTranscriptSchema);
    const reader = transcriptReaderOf(c.get('user'), c.req.header(TRANSCRIPT_TOKEN_HEADER));
    return c.json(await requestTranscriptAnalysis(c.get('deps'), { id, reader, ...body }), 202);
  });

  routes.get('/api/transcripts/:id', 'public', async (c) => {
    const { id } = readParams(c, transcriptParamsSchema);
    const deps = c.get('deps');
    const report = await readTranscriptAs(
      deps,
      { id, user: c.get('user'), visitorToken: c.req.header(TRANSCRIPT_TOKEN_HEADER), ipAddress: c.get('clientIp'), requestId: c.get('requestId') },
      (transcript) => presentTranscriptReport(deps.db, transcript),
    );
    c.header('Cache-Control', 'no-store');
    return c.json(report);
  });

  // "What we read": the student adds a course the reader missed, or fixes or removes a row; the answer is the report
  // decided again. Only the transcript's student (or the visitor holding its token) may; anyone else gets a 404.
  routes.post('/api/transcripts/:id/rows', 'public', async (c) => {
    const { id } = readParams(c, transcriptParamsSchema);
    const row = await readJson(c, addTranscriptRowSchema);
    const reader = transcriptReaderOf(c.get('user'), c.req.header(TRANSCRIPT_TOKEN_HEADER));
    c.header('Cache-Control', 'no-store');
    return c.json(await addTranscriptRow(c.get('deps').db, { id, reader, row }), 201);
  });

  routes.patch('/api/transcripts/:id/rows/:rowId', 'public', async (c) => {
    const { id, rowId } = readParams(c, transcriptRowParamsSchema);
    const changes = await readJson(c, correctTranscriptRowSchema);
    const reader = transcriptReaderOf(c.get('user'), c.req.header(TRANSCRIPT_TOKEN_HEADER));
    c.header('Cache-Control', 'no-store');
    return c.json(await correctTranscriptRow(c.get('deps').db, { id, rowId, reader, changes }));
  });

  // Quarter or semester credits: the student answers the report's question, or corrects what the page or the school's
  // entry said; the answer is the report decided again. Only the transcript's student (or its visitor) may.
  routes.put('/api/transcripts/:id/calendar', 'public', async (c) => {
    const { id } = readParams(c, transcriptParamsSchema);
    const { calendar } = await readJson(c, transcriptCalendarSchema);
    const reader = transcriptReaderOf(c.get('user'), c.req.header(TRANSCRIPT_TOKEN_HEADER));
    c.header('Cache-Control', 'no-store');
    return c.json(await setTranscriptCreditCalendar(c.get('deps').db, { id, reader, calendar }));
  });

  routes.post('/api/transcripts/:id/claim', 'student', async (c) => {
    const { id } = readParams(c, transcriptParamsSchema);
    await claimTranscript(c.get('deps').db, { id, userId: signedInUser(c).id, token: c.req.header(TRANSCRIPT_TOKEN_HEADER) });
    return c.json({ id, claimed: true });
  });

  routes.post('/api/student/save-transcript', 'student', async (c) => {
    const user = signedInUser(c);
    const input = await readJson(c, saveTranscriptSchema);
    const { db, storage } = c.get('deps');
    const transcript = await logUploadRefusal(c, saveProfileTranscript({ db, storage, userId: user.id, key: input.key, name: input.name }));
    return c.json({ transcript }, 201);
  });

  routes.get('/api/student/transcripts/:id/file', 'student', async (c) => {
    const { id } = readParams(c, transcriptParamsSchema);
    const file = await readTranscriptFile(c.get('deps'), { id, user: signedInUser(c), ipAddress: c.get('clientIp'), requestId: c.get('requestId') });
    return fileDownload(file.bytes, file);
  });

  routes.delete('/api/student/transcripts/:id', 'student', async (c) => {
    const { id } = readParams(c, transcriptParamsSchema);
    const { db, storage } = c.get('deps');
    await deleteProfileTranscript({ db, storage, userId: signedInUser(c).id, id });
    return c.body(null, 204);
  });

  // The reader found no courses in the file and the student says it is a transcript (saying it is not: the delete).
  routes.post('/api/student/transcripts/:id/keep-unreadable', 'student', async (c) => {
    const { id } = readParams(c, transcriptParamsSchema);
    return c.json({ transcript: await keepUnreadableFile({ db: c.get('deps').db, userId: signedInUser(c).id, id }) });
  });

  routes.get('/api/admin/students/:id/transcripts/:transcriptId/file', 'admin', async (c) => {
    const { id: studentId, transcriptId } = readParams(c, studentTranscriptParamsSchema);
    const file = await readTranscriptFile(c.get('deps'), {
      id: transcriptId,
      user: signedInUser(c),
      ownerId: studentId,
      ipAddress: c.get('clientIp'),
      requestId: c.get('requestId'),
    });
    return fileDownload(file.bytes, file);
  });
}
