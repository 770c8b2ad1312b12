/**
 * The analysis job: reads the uploaded file in the reader's worker thread, finds the issuing school, decides every row
 * with the equivalency engine and stores the report. Runs off the request thread (jobs/), any instance may claim it.
 */
import { MAX_TRANSCRIPT_PAGES } from '../../../shared/schemas/transcripts';
import type { Queryable } from '../../db/client';
import type { AppDeps } from '../../http/app-env';
import { ABANDONED_JOB_REASON, JobInputError, type JobRow } from '../../jobs/job-queue';
import type { JobHandler } from '../../jobs/job-runner';
import { decideForTranscripts, gradeForDecision } from '../equivalencies';
import { findInstitution } from '../institutions';
import { ReaderCrashedError, readTranscriptInWorker } from './reader/read-transcript-in-worker';
import { TranscriptReadError, type ReadRow } from './reader/types';
import { findTranscriptById, saveAnalysis, setTranscriptProgress, updateTranscriptState, type AnalyzedRow } from './transcripts.queries';

export const TRANSCRIPT_ANALYZE_JOB = 'transcript.analyze';
export const UNKNOWN_SCHOOL_REASON = "We don't know this school's courses yet, so the destination school will need to review this course.";
export const READ_FAILED_PREFIX = 'We could not read this file.';

/** A course as the report lists it, before the engine decides it. */
export type ListedCourse = Pick<AnalyzedRow, 'subject' | 'number' | 'title' | 'credits' | 'earned' | 'grade' | 'term' | 'inTransferSection' | 'inProgress'>;

function listedCourse(row: ReadRow): ListedCourse {
  return {
    subject: row.subject,
    number: row.number,
    title: row.title,
    credits: row.credits,
    earned: row.earned,
    grade: row.grade,
    term: row.term,
    inTransferSection: row.transferSection,
    inProgress: row.inProgress,
  };
}

/**
 * Decides a report's rows against the destination's rules; an unknown issuing school leaves every row for review. The
 * analysis job uses it; the re-decision after a registrar's decision (report-redecision.ts) decides many reports at once.
 */
export async function matchRows(
  db: Queryable,
  input: { fromInstitutionId: number | null; toInstitutionId: number; rows: ListedCourse[] },
): Promise<AnalyzedRow[]> {
  const [rows = []] = await matchReports(db, { fromInstitutionId: input.fromInstitutionId, toInstitutionId: input.toInstitutionId, reports: [input.rows] });
  return rows;
}

/** Several reports between the same two schools, each decided on its own, with the engine's loads shared. */
export async function matchReports(
  db: Queryable,
  input: { fromInstitutionId: number | null; toInstitutionId: number; reports: ListedCourse[][]; withSuggestions?: boolean },
): Promise<AnalyzedRow[][]> {
  const undecided = (row: ListedCourse) => ({ ...row, status: 'NEEDS_EVAL' as const, ruleId: null, transfersTo: null, creditsAwarded: null, reason: UNKNOWN_SCHOOL_REASON, evidence: null });
  const fromInstitutionId = input.fromInstitutionId;
  if (fromInstitutionId === null || input.reports.every((rows) => rows.length === 0)) return input.reports.map((rows) => rows.map(undecided));
  const { transcripts } = await decideForTranscripts(db, {
    fromInstitutionId,
    toInstitutionId: input.toInstitutionId,
    withSuggestions: input.withSuggestions,
    transcripts: input.reports.map((rows) =>
      rows.map((row) => ({
        subject: row.subject,
        number: row.number,
        title: row.title,
        credits: row.credits,
        grade: gradeForDecision(row.grade, row.inProgress),
        term: row.term,
      })),
    ),
  });
  return input.reports.map((rows, report) =>
    rows.map((row, index) => {
      const decision = transcripts[report]?.decisions[index];
      if (!decision) return undecided(row);
      return {
        ...row,
        status: decision.status,
        ruleId: decision.evidence.ruleId,
        transfersTo: decision.transfersTo,
        creditsAwarded: decision.creditsAwarded,
        reason: decision.reason,
        evidence: { ...decision.evidence, targets: decision.targets, candidates: decision.candidates ?? [], combined: decision.combined ?? null },
      };
    }),
  );
}

export function summarise(rows: AnalyzedRow[]) {
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    courses: rows.length,
    directTransfers: rows.filter((row) => row.status === 'DIRECT').length,
    totalCredits: round(rows.reduce((sum, row) => sum + (row.credits ?? row.earned ?? 0), 0)),
    creditsTransferring: round(rows.filter((row) => row.status === 'DIRECT').reduce((sum, row) => sum + (row.creditsAwarded ?? 0), 0)),
  };
}

/** Reads the file in the worker thread, finds the issuing school, decides every row and stores the report. */
async function analyzeTranscript(deps: AppDeps, transcriptId: string): Promise<Record<string, unknown>> {
  const { db, logger } = deps;
  const transcript = await findTranscriptById(db, transcriptId);
  if (!transcript || !transcript.storage_key || !transcript.to_institution_id) return { skipped: true };
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

  await setTranscriptProgress(db, transcriptId, 'matching', 60);
  const school = reading.institution ? await findInstitution(db, reading.institution) : null;
  const rows = await matchRows(db, { fromInstitutionId: school?.id ?? null, toInstitutionId: transcript.to_institution_id, rows: reading.rows.map(listedCourse) });
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
