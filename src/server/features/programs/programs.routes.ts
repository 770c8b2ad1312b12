import type { Context } from 'hono';
import {
  adminProgramListQuerySchema,
  degreeCompareQuerySchema,
  examScoresBodySchema,
  MAX_PROGRAM_IMPORT_BYTES,
  programExportQuerySchema,
  programImportQuerySchema,
  programListQuerySchema,
  programUpdateSchema,
  progressQuerySchema,
  transcriptProgramsQuerySchema,
} from '../../../shared/schemas/programs';
import { programParamsSchema, transcriptParamsSchema } from '../../../shared/schemas/path-params';
import { invalid, tooLarge as tooLargeError, unsupportedType } from '../../domain-errors';
import type { AppEnv } from '../../http/app-env';
import { readBodyWithin } from '../../http/body-limit';
import { readJson, readParams, readQuery } from '../../http/json-body';
import type { RouteTable } from '../../http/route-table';
import { signedInUser } from '../../http/session';
import { exportProgramCsv, importProgramData } from './programs-import.service';
import {
  changeProgram,
  compareDegreeProgress,
  getDegreeProgress,
  getExamCatalog,
  getExamScores,
  getProgram,
  listProgramsForTranscript,
  listSchoolPrograms,
  saveExamScores,
  searchPrograms,
  type ProgramsActor,
} from './programs.service';

const programId = (c: Context<AppEnv>) => readParams(c, programParamsSchema).id;
const transcriptId = (c: Context<AppEnv>) => readParams(c, transcriptParamsSchema).id;
const actorOf = (c: Context<AppEnv>): ProgramsActor => {
  const user = c.get('user');
  return { id: user?.id ?? null, email: user?.email ?? null, ipAddress: c.get('clientIp') };
};

const CSV_TYPES = /^(text\/csv|text\/plain|application\/csv|application\/vnd\.ms-excel)\b/i;
const tooLarge = () => tooLargeError(`The file is larger than ${MAX_PROGRAM_IMPORT_BYTES / 1024 / 1024} MB; split it into smaller files.`);

/** Reads a CSV body, refusing it as soon as it passes the limit. Program files are small: held as text. */
async function readCsvBody(c: Context<AppEnv>): Promise<string> {
  if (!CSV_TYPES.test(c.req.header('content-type') ?? '')) throw unsupportedType('Send the file as text/csv.');
  if (Number(c.req.header('content-length') ?? '0') > MAX_PROGRAM_IMPORT_BYTES) throw tooLarge();
  const chunks: Uint8Array[] = [];
  const bytes = await readBodyWithin(c.req.raw.body, MAX_PROGRAM_IMPORT_BYTES, tooLarge, (chunk) => {
    chunks.push(chunk);
  });
  if (bytes === 0) throw invalid('The file is empty; the first line must name the columns.');
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

/** Programs and degree progress (issue 24). */
export function registerProgramRoutes(routes: RouteTable) {
  // Public: what a school's programs ask for is public information.
  routes.get('/api/programs', 'public', async (c) => {
    const { school, major, term } = programListQuerySchema.parse({ ...c.req.query(), term: c.req.queries('term') });
    return c.json(await listSchoolPrograms({ db: c.get('deps').db, school, major, terms: term }));
  });
  routes.get('/api/programs/:id', 'public', async (c) => c.json(await getProgram({ db: c.get('deps').db, id: programId(c) })));
  routes.get('/api/exams', 'public', async (c) => c.json({ exams: await getExamCatalog({ db: c.get('deps').db }) }));

  // Student: their own exam scores and their own transcripts' progress (anyone else's transcript is not found).
  routes.get('/api/student/exam-scores', 'student', async (c) => c.json({ scores: await getExamScores({ db: c.get('deps').db, userId: signedInUser(c).id }) }));
  routes.put('/api/student/exam-scores', 'student', async (c) => {
    const { scores } = await readJson(c, examScoresBodySchema);
    return c.json({ scores: await saveExamScores({ db: c.get('deps').db, userId: signedInUser(c).id, scores }) });
  });
  routes.get('/api/student/transcripts/:id/programs', 'student', async (c) => {
    const id = transcriptId(c);
    const { school, major } = readQuery(c, transcriptProgramsQuerySchema);
    return c.json(await listProgramsForTranscript({ db: c.get('deps').db, userId: signedInUser(c).id, transcriptId: id, school, major }));
  });
  routes.get('/api/student/transcripts/:id/progress', 'student', async (c) => {
    const id = transcriptId(c);
    const { program, school } = readQuery(c, progressQuerySchema);
    c.header('Cache-Control', 'no-store');
    return c.json(await getDegreeProgress({ db: c.get('deps').db, userId: signedInUser(c).id, transcriptId: id, programId: program, schoolId: school }));
  });
  routes.get('/api/student/transcripts/:id/degree-compare', 'student', async (c) => {
    const id = transcriptId(c);
    const { target } = degreeCompareQuerySchema.parse({ target: c.req.queries('target') ?? [] });
    c.header('Cache-Control', 'no-store');
    return c.json(await compareDegreeProgress({ db: c.get('deps').db, userId: signedInUser(c).id, transcriptId: id, targets: target }));
  });

  // Admin: list, edit, import and export.
  routes.get('/api/admin/programs', 'admin', async (c) => {
    const { q } = readQuery(c, adminProgramListQuerySchema);
    return c.json({ programs: await searchPrograms({ db: c.get('deps').db, q }) });
  });
  routes.get('/api/admin/programs/export', 'admin', async (c) => {
    const { kind } = readQuery(c, programExportQuerySchema);
    const csv = await exportProgramCsv({ db: c.get('deps').db, kind });
    const date = new Date().toISOString().slice(0, 10);
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="crosswalk-${kind}-${date}.csv"` });
  });
  routes.post('/api/admin/programs/import', 'admin', async (c) => {
    const query = readQuery(c, programImportQuerySchema);
    const text = await readCsvBody(c);
    const result = await importProgramData({ db: c.get('deps').db, files: [{ text, kind: query.kind }], actor: actorOf(c), dryRun: query.dryRun });
    c.get('deps').logger.info('programs_import', { requestId: c.get('requestId'), kind: result.kind, dryRun: result.dryRun, saved: result.saved, rows: result.rows, errors: result.errorCount, ms: result.ms });
    if (result.errorCount > 0 && !query.dryRun) {
      return c.json({ error: `The file has ${result.errorCount} error${result.errorCount === 1 ? '' : 's'}; nothing was saved.`, ...result }, 400);
    }
    return c.json(result);
  });
  routes.get('/api/admin/programs/:id', 'admin', async (c) => c.json(await getProgram({ db: c.get('deps').db, id: programId(c) })));
  routes.patch('/api/admin/programs/:id', 'admin', async (c) => {
    const id = programId(c);
    const input = await readJson(c, programUpdateSchema);
    return c.json(await changeProgram({ db: c.get('deps').db, id, input, actor: actorOf(c) }));
  });
}
