import { useCallback, useEffect, useRef, useState } from 'react';
import type { TranscriptResponse } from '@shared/schemas/transcripts';
import { TRANSCRIPT_DESTINATION_OPTIONS } from '@shared/search/search-options';
import { ApiError } from '../../lib/api-client';
import { analyzeTranscript, claimTranscript, createTranscript, fetchTranscript, ServerUnreachableError, uploadTranscriptBytes } from './transcript-api';
import { SIMULATED_WAIT_MS, simulatedReport } from './simulated-analysis';

export type AnalysisPhase = 'idle' | 'uploading' | 'queued' | 'reading' | 'matching' | 'done' | 'failed';

export interface AnalysisState {
  phase: AnalysisPhase;
  progress: number;
  report: TranscriptResponse | null;
  error: string | null;
  /** True when the report is the simulated sample (the server could not be reached). */
  sample: boolean;
  token: string | null;
}

/** The transcript being viewed, kept for this tab so the report survives a sign-in round trip. */
const SESSION_KEY = 'crosswalk.transcript';
export const APPEAL_DRAFT_KEY = 'crosswalk.transcript-appeal-draft';
const POLL_MS = 500;
const NOT_ANALYSED = 'This transcript has not been analysed yet. Choose a school for it on your profile and press “Analyze for…”.';

interface SessionTranscript {
  id: string;
  token: string | null;
}

function readSession(): SessionTranscript | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as SessionTranscript | null;
    return value && typeof value.id === 'string' ? value : null;
  } catch {
    return null;
  }
}

const INITIAL: AnalysisState = { phase: 'idle', progress: 0, report: null, error: null, sample: false, token: null };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const destinationName = (key: string) => TRANSCRIPT_DESTINATION_OPTIONS.find((option) => option.value === key)?.label ?? key;

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

/** Upload → read → match, with real progress from the server; the simulated sample only when the server is unreachable. */
export function useTranscriptAnalysis({ onReport }: { onReport?: () => void } = {}) {
  const [state, setState] = useState<AnalysisState>(INITIAL);
  const run = useRef(0);
  const onReportRef = useRef(onReport);
  useEffect(() => {
    onReportRef.current = onReport;
  });

  useEffect(() => () => void (run.current += 1), []);

  const finish = useCallback((report: TranscriptResponse, token: string | null, sample: boolean) => {
    logDiagnostic(report, sample);
    setState({ phase: 'done', progress: 100, report, error: null, sample, token });
    onReportRef.current?.();
  }, []);

  const poll = useCallback(
    async (id: string, token: string | null, runId: number) => {
      let failures = 0;
      while (run.current === runId) {
        let report: TranscriptResponse;
        try {
          report = await fetchTranscript(id, token);
          failures = 0;
        } catch (error) {
          failures += 1;
          if (error instanceof ApiError || failures > 10) throw error;
          await sleep(POLL_MS * failures);
          continue;
        }
        if (run.current !== runId) return;
        if (report.status === 'done') return finish(report, token, false);
        if (report.status === 'failed') {
          setState((previous) => ({ ...previous, phase: 'failed', error: report.error ?? 'We could not read this file.' }));
          return;
        }
        if (report.status === 'saved' || report.status === 'awaiting_upload') {
          // Not analysed and not on its way (a profile upload opened by its address): nothing to wait for.
          setState((previous) => ({ ...previous, phase: 'failed', error: NOT_ANALYSED }));
          return;
        }
        const phase = report.status === 'reading' || report.status === 'matching' ? report.status : 'queued';
        setState((previous) => ({ ...previous, phase, progress: Math.max(previous.progress, report.progress, 10) }));
        await sleep(POLL_MS);
      }
    },
    [finish],
  );

  const start = useCallback(
    async (file: File, destination: string) => {
      const runId = ++run.current;
      setState({ ...INITIAL, phase: 'uploading', progress: 3 });
      const fail = (message: string) => run.current === runId && setState((previous) => ({ ...previous, phase: 'failed', error: message }));
      let created;
      try {
        created = await createTranscript({ fileName: file.name, fileType: file.type, size: file.size, toInstitution: destination });
      } catch (error) {
        if (error instanceof ServerUnreachableError) {
          await sleep(SIMULATED_WAIT_MS);
          if (run.current === runId) finish(simulatedReport(file.name, { key: destination, name: destinationName(destination) }), null, true);
          return;
        }
        return fail(error instanceof Error ? error.message : 'The transcript could not be sent.');
      }
      const token = created.accessToken ?? null;
      sessionStorage.setItem(SESSION_KEY, JSON.stringify({ id: created.id, token } satisfies SessionTranscript));
      try {
        await uploadTranscriptBytes(created.upload, file);
        if (run.current !== runId) return;
        setState((previous) => ({ ...previous, phase: 'queued', progress: 10, token }));
        await analyzeTranscript(created.id, destination, token);
        await poll(created.id, token, runId);
      } catch (error) {
        fail(error instanceof ApiError ? error.message : 'We could not reach the server to finish the analysis. Please try again.');
      }
    },
    [finish, poll],
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
          sessionStorage.setItem(SESSION_KEY, JSON.stringify({ id: saved.id, token: null }));
        } catch {
          // Not claimable (already claimed, or expired): read it as before.
        }
      }
      try {
        const report = await fetchTranscript(saved.id, token);
        if (run.current === runId && report.status === 'done') {
          setState({ phase: 'done', progress: 100, report, error: null, sample: false, token });
          onReportRef.current?.();
          return true;
        }
      } catch {
        sessionStorage.removeItem(SESSION_KEY);
      }
      return false;
    },
    [],
  );

  /** Follows a signed-in student's own transcript (analysed from the profile) until its report is ready. */
  const follow = useCallback(
    async (id: string) => {
      const runId = ++run.current;
      setState({ ...INITIAL, phase: 'queued', progress: 10 });
      sessionStorage.setItem(SESSION_KEY, JSON.stringify({ id, token: null } satisfies SessionTranscript));
      try {
        await poll(id, null, runId);
      } catch (error) {
        if (run.current !== runId) return;
        const message = error instanceof ApiError && error.status === 404 ? 'We could not find this transcript.' : 'We could not reach the server to finish the analysis. Please try again.';
        setState((previous) => ({ ...previous, phase: 'failed', error: message }));
      }
    },
    [poll],
  );

  const reset = useCallback(() => {
    run.current += 1;
    sessionStorage.removeItem(SESSION_KEY);
    setState(INITIAL);
  }, []);

  return { ...state, busy: ['uploading', 'queued', 'reading', 'matching'].includes(state.phase), start, resume, follow, reset };
}

export type TranscriptAnalysis = ReturnType<typeof useTranscriptAnalysis>;
