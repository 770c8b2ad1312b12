import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AddTranscriptRowInput, CorrectTranscriptRowInput, TranscriptResponse } from '@shared/schemas/transcripts';
import { ApiError } from '../../lib/api-client';
import {
  addTranscriptRow,
  analyzeTranscript,
  claimTranscript,
  chooseIssuingSchool,
  correctTranscriptRow,
  createTranscript,
  ServerUnreachableError,
  uploadTranscriptBytes,
} from './transcript-api';
import { transcriptQueries } from './transcript-queries';
import { SIMULATED_WAIT_MS, simulatedReport } from './simulated-analysis';

export type AnalysisPhase = 'idle' | 'uploading' | 'queued' | 'reading' | 'matching' | 'done' | 'failed';

export interface AnalysisState {
  phase: AnalysisPhase;
  progress: number;
  report: TranscriptResponse | null;
  error: string | null;
  /** True when the report is the simulated sample (the server could not be reached). */
  sample: boolean;
}

/** A change the student makes in "What we read". */
export type ReadingChange = { kind: 'add'; row: AddTranscriptRowInput } | { kind: 'fix'; rowId: string; changes: CorrectTranscriptRowInput };

/** The transcript being viewed, kept for this tab so the report survives a sign-in round trip. */
const SESSION_KEY = 'crosswalk.transcript';
export const APPEAL_DRAFT_KEY = 'crosswalk.transcript-appeal-draft';
const NOT_ANALYSED = 'This transcript has not been analysed yet. Choose a school for it on your profile and press “Analyze for…”.';
const UNREACHABLE = 'We could not reach the server to finish the analysis. Please try again.';

interface SessionTranscript {
  id: string;
  token: string | null;
}

/** A transcript on the server whose report this tab shows: uploaded here, analysed from the profile, or resumed. */
interface Followed extends SessionTranscript {
  from: 'upload' | 'profile' | 'resume';
}

function readSession(): SessionTranscript | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as SessionTranscript | null;
    return value && typeof value.id === 'string' ? value : null;
  } catch {
    return null;
  }
}

const remember = (transcript: SessionTranscript) => sessionStorage.setItem(SESSION_KEY, JSON.stringify(transcript satisfies SessionTranscript));

const INITIAL: AnalysisState = { phase: 'idle', progress: 0, report: null, error: null, sample: false };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function logDiagnostic(report: TranscriptResponse, sample: boolean) {
  // The spec's parser diagnostic, once per analysis.
  console.info('[crosswalk] transcript parser diagnostic', {
    id: report.id,
    sample,
    source: report.source,
    school: report.institutionName,
    rows: report.items.length,
    summary: report.summary,
  });
}

/** Where a followed transcript stands, from its latest report (or the failure to get one). */
function followedState(followed: Followed, report: TranscriptResponse | undefined, error: Error | null): AnalysisState {
  if (error) {
    const message =
      followed.from === 'profile' ? (error instanceof ApiError && error.status === 404 ? 'We could not find this transcript.' : UNREACHABLE) : error instanceof ApiError ? error.message : UNREACHABLE;
    return { ...INITIAL, phase: 'failed', progress: report?.progress ?? 10, report: null, error: message };
  }
  if (!report) return { ...INITIAL, phase: 'queued', progress: 10 };
  if (report.status === 'done') return { ...INITIAL, phase: 'done', progress: 100, report };
  if (report.status === 'failed') return { ...INITIAL, phase: 'failed', progress: report.progress, error: report.error ?? 'We could not read this file.' };
  // Not analysed and not on its way (a profile upload opened by its address): nothing to wait for.
  if (report.status === 'saved' || report.status === 'awaiting_upload') return { ...INITIAL, phase: 'failed', error: NOT_ANALYSED };
  const phase = report.status === 'reading' || report.status === 'matching' ? report.status : 'queued';
  return { ...INITIAL, phase, progress: Math.max(report.progress, 10) };
}

/**
 * Upload → read → match, with real progress from the server (TanStack Query polls the transcript until it is
 * settled); the simulated sample only when the server is unreachable.
 */
export function useTranscriptAnalysis({ onReport }: { onReport?: () => void } = {}) {
  const queryClient = useQueryClient();
  // What this tab is doing before the server has the transcript (uploading, a refusal, the sample), or idle.
  const [local, setLocal] = useState<AnalysisState>(INITIAL);
  const [followed, setFollowed] = useState<Followed | null>(null);
  const run = useRef(0);
  const onReportRef = useRef(onReport);
  useEffect(() => {
    onReportRef.current = onReport;
  });
  useEffect(() => () => void (run.current += 1), []);

  const polled = useQuery({ ...transcriptQueries.report(followed?.id ?? '', followed?.token ?? null), enabled: followed !== null });
  const state = followed ? followedState(followed, polled.data, polled.error) : local;

  // A report that just became ready: told once per transcript (the diagnostic only for a new analysis).
  const announced = useRef<string | null>(null);
  const readyReport = followed && state.phase === 'done' ? state.report : null;
  useEffect(() => {
    if (!followed || !readyReport || announced.current === followed.id) return;
    announced.current = followed.id;
    if (followed.from !== 'resume') logDiagnostic(readyReport, false);
    onReportRef.current?.();
  }, [followed, readyReport]);

  const start = useCallback(
    async (file: File, destination: { key: string; name: string }) => {
      const runId = ++run.current;
      setFollowed(null);
      setLocal({ ...INITIAL, phase: 'uploading', progress: 3 });
      const current = () => run.current === runId;
      const fail = (message: string) => current() && setLocal({ ...INITIAL, phase: 'failed', progress: 3, error: message });
      let created;
      try {
        created = await createTranscript({ fileName: file.name, fileType: file.type, size: file.size, toInstitution: destination.key });
      } catch (error) {
        if (error instanceof ServerUnreachableError) {
          await sleep(SIMULATED_WAIT_MS);
          if (!current()) return;
          const sample = simulatedReport(file.name, destination);
          logDiagnostic(sample, true);
          setLocal({ ...INITIAL, phase: 'done', progress: 100, report: sample, sample: true });
          onReportRef.current?.();
          return;
        }
        return fail(error instanceof Error ? error.message : 'The transcript could not be sent.');
      }
      const token = created.accessToken ?? null;
      remember({ id: created.id, token });
      try {
        await uploadTranscriptBytes(created.upload, file);
        if (!current()) return;
        setLocal({ ...INITIAL, phase: 'queued', progress: 10 });
        await analyzeTranscript(created.id, destination.key, token);
        if (current()) setFollowed({ id: created.id, token, from: 'upload' });
      } catch (error) {
        fail(error instanceof ApiError ? error.message : UNREACHABLE);
      }
    },
    [],
  );

  /** Shows the transcript kept for this tab again (after a sign-in); a visitor's transcript is claimed when signed in. */
  const resume = useCallback(
    async (signedIn: boolean) => {
      const saved = readSession();
      if (!saved) return false;
      const runId = ++run.current;
      let token = saved.token;
      if (signedIn && token) {
        try {
          await claimTranscript(saved.id, token);
          token = null;
          remember({ id: saved.id, token: null });
        } catch {
          // Not claimable (already claimed, or expired): read it as before.
        }
      }
      try {
        const report = await queryClient.fetchQuery(transcriptQueries.report(saved.id, token));
        if (run.current === runId && report.status === 'done') {
          setFollowed({ id: saved.id, token, from: 'resume' });
          return true;
        }
      } catch {
        sessionStorage.removeItem(SESSION_KEY);
      }
      return false;
    },
    [queryClient],
  );

  /** Follows a signed-in student's own transcript (analysed from the profile) until its report is ready. */
  const follow = useCallback(
    (id: string) => {
      run.current += 1;
      // A new analysis of a transcript seen before: its old report must not show while the new one is made.
      queryClient.removeQueries({ queryKey: transcriptQueries.report(id, null).queryKey });
      announced.current = null;
      remember({ id, token: null });
      setFollowed({ id, token: null, from: 'profile' });
    },
    [queryClient],
  );

  const reset = useCallback(() => {
    run.current += 1;
    sessionStorage.removeItem(SESSION_KEY);
    setFollowed(null);
    setLocal(INITIAL);
  }, []);

  /** "What we read": sends the student's correction and shows the report the server decided again. */
  const correct = useCallback(
    async (change: ReadingChange) => {
      if (!followed) throw new Error('Only a report from the server can be corrected.');
      const report =
        change.kind === 'add'
          ? await addTranscriptRow(followed.id, change.row, followed.token)
          : await correctTranscriptRow(followed.id, change.rowId, change.changes, followed.token);
      queryClient.setQueryData(transcriptQueries.report(followed.id, followed.token).queryKey, report);
    },
    [followed, queryClient],
  );

  /** The student says which school issued the transcript (its key); the report the server decided again shows. */
  const chooseSchool = useCallback(
    async (institution: string) => {
      if (!followed) throw new Error('Only a report from the server can be corrected.');
      const report = await chooseIssuingSchool(followed.id, institution, followed.token);
      queryClient.setQueryData(transcriptQueries.report(followed.id, followed.token).queryKey, report);
    },
    [followed, queryClient],
  );

  return { ...state, busy: ['uploading', 'queued', 'reading', 'matching'].includes(state.phase), start, resume, follow, reset, correct, chooseSchool };
}

export type TranscriptAnalysis = ReturnType<typeof useTranscriptAnalysis>;
