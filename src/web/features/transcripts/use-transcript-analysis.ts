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
  setTranscriptCalendar,
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
  /** What the failure is, as its heading: a limit or a missing report is not a transcript we could not analyse. */
  errorTitle: string | null;
  /** The reader found no courses in a signed-in student's file: they are asked whether it is a transcript. */
  noCoursesQuestion: { id: string; name: string; destination: string | null; discardsAt: string } | null;
  /** True when the report is the simulated sample (the server could not be reached). */
  sample: boolean;
}

/** A change the student makes in "What we read". */
export type ReadingChange = { kind: 'add'; row: AddTranscriptRowInput } | { kind: 'fix'; rowId: string; changes: CorrectTranscriptRowInput };

/** The transcript being viewed, kept for this tab so the report survives a sign-in round trip. */
const SESSION_KEY = 'crosswalk.transcript';
/**
 * A visitor's transcript tokens by transcript id, kept in this browser (never in the address) so the address of a
 * report (/search?transcript=ID) brings it back after a reload, the back button or a bookmark on the same device.
 */
const TOKENS_KEY = 'crosswalk.transcript-tokens';
/** The newest reports a browser keeps the tokens of (a visitor's transcript is deleted a day after its analysis). */
const MAX_KEPT_TOKENS = 20;
export const APPEAL_DRAFT_KEY = 'crosswalk.transcript-appeal-draft';
const NOT_ANALYSED = 'This transcript has not been analysed yet. Choose a school for it on your profile and press “Analyze for…”.';
const UNREACHABLE = 'We could not reach the server to finish the analysis. Please try again.';
const NOT_ON_THIS_DEVICE =
  'We could not find this report. A report made without signing in opens only in the browser it was made in, for a day; sign in to keep your transcripts.';

interface SessionTranscript {
  id: string;
  token: string | null;
}

/**
 * A transcript on the server whose report this tab shows: uploaded here, analysed from the profile, resumed after a
 * sign-in, or opened by the report's address (a reload, the back button, a bookmark).
 */
interface Followed extends SessionTranscript {
  from: 'upload' | 'profile' | 'resume' | 'address';
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

function readTokens(): Array<[string, string]> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(TOKENS_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((entry): entry is [string, string] => Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string') : [];
  } catch {
    return [];
  }
}

function writeTokens(tokens: Array<[string, string]>) {
  try {
    localStorage.setItem(TOKENS_KEY, JSON.stringify(tokens.slice(-MAX_KEPT_TOKENS)));
  } catch {
    // Storage full or refused (a private window): the report still shows; it just cannot be opened again.
  }
}

const tokenFor = (id: string) => readTokens().find(([kept]) => kept === id)?.[1] ?? null;
const keepToken = (id: string, token: string) => writeTokens([...readTokens().filter(([kept]) => kept !== id), [id, token]]);
const forgetToken = (id: string) => writeTokens(readTokens().filter(([kept]) => kept !== id));

const INITIAL: AnalysisState = { phase: 'idle', progress: 0, report: null, error: null, errorTitle: null, noCoursesQuestion: null, sample: false };
const COULD_NOT_ANALYSE = 'We could not analyse this transcript';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function logDiagnostic(report: TranscriptResponse, sample: boolean) {
  // The spec's parser diagnostic, once per analysis.
  console.info('[crosswalk] transcript parser diagnostic', {
    id: report.id,
    sample,
    source: report.source,
    school: report.institutionName,
    rows: report.rows.length,
    summary: report.summary,
  });
}

/** Where a followed transcript stands, from its latest report (or the failure to get one). */
function followedState(followed: Followed, report: TranscriptResponse | undefined, error: Error | null): AnalysisState {
  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    const message =
      followed.from === 'address'
        ? missing
          ? NOT_ON_THIS_DEVICE
          : error instanceof ApiError
            ? error.message
            : UNREACHABLE
        : followed.from === 'profile'
          ? missing
            ? 'We could not find this transcript.'
            : UNREACHABLE
          : error instanceof ApiError
            ? error.message
            : UNREACHABLE;
    const title = followed.from === 'address' && missing ? 'Report not found' : COULD_NOT_ANALYSE;
    return { ...INITIAL, phase: 'failed', progress: report?.progress ?? 10, report: null, error: message, errorTitle: title };
  }
  if (!report) return { ...INITIAL, phase: 'queued', progress: 10 };
  if (report.status === 'done') return { ...INITIAL, phase: 'done', progress: 100, report };
  if (report.status === 'failed') {
    const asked = report.noCourses?.state === 'asked' ? report.noCourses : null;
    const noCoursesQuestion = asked ? { id: report.id, name: report.fileName, destination: report.destination?.name ?? null, discardsAt: asked.discardsAt } : null;
    return { ...INITIAL, phase: 'failed', progress: report.progress, error: report.error ?? 'We could not read this file.', errorTitle: COULD_NOT_ANALYSE, noCoursesQuestion };
  }
  // Not analysed and not on its way (a profile upload opened by its address): nothing to wait for.
  if (report.status === 'saved' || report.status === 'awaiting_upload') return { ...INITIAL, phase: 'failed', error: NOT_ANALYSED, errorTitle: COULD_NOT_ANALYSE };
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
    // A report opened again (after a sign-in, a reload) is not a new analysis.
    if (followed.from === 'upload' || followed.from === 'profile') logDiagnostic(readyReport, false);
    onReportRef.current?.();
  }, [followed, readyReport]);

  const start = useCallback(
    async (file: File, destination: { key: string; name: string }) => {
      const runId = ++run.current;
      setFollowed(null);
      setLocal({ ...INITIAL, phase: 'uploading', progress: 3 });
      const current = () => run.current === runId;
      const fail = (message: string, title = COULD_NOT_ANALYSE) => current() && setLocal({ ...INITIAL, phase: 'failed', progress: 3, error: message, errorTitle: title });
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
        // A visitor's upload limit says what it is, when it resets and that signing in lifts it (the server's words).
        if (error instanceof ApiError && error.status === 429) return fail(error.message, 'Upload limit reached');
        return fail(error instanceof Error ? error.message : 'The transcript could not be sent.');
      }
      const token = created.accessToken ?? null;
      remember({ id: created.id, token });
      if (token) keepToken(created.id, token);
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
          forgetToken(saved.id);
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

  /**
   * Shows the report the address names (/search?transcript=ID) again: a visitor's with the token this browser kept
   * for it, a signed-in student's own with none (the server checks either way).
   */
  const open = useCallback((id: string) => {
    run.current += 1;
    const token = tokenFor(id);
    remember({ id, token });
    setFollowed({ id, token, from: 'address' });
  }, []);

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

  /** Quarter or semester credits: sends the student's answer and shows the report the server decided again. */
  const setCalendar = useCallback(
    async (calendar: 'quarter' | 'semester') => {
      if (!followed) throw new Error('Only a report from the server can be changed.');
      const report = await setTranscriptCalendar(followed.id, calendar, followed.token);
      queryClient.setQueryData(transcriptQueries.report(followed.id, followed.token).queryKey, report);
    },
    [followed, queryClient],
  );

  // A visitor's report that is gone (expired, deleted) leaves nothing to keep a token for.
  const gone = followed?.from === 'address' && polled.error instanceof ApiError && polled.error.status === 404 ? followed.id : null;
  useEffect(() => {
    if (gone) forgetToken(gone);
  }, [gone]);

  return {
    ...state,
    /** The transcript on the server this tab shows or waits for (its report's address names it), or null. */
    transcriptId: followed?.id ?? null,
    /** A visitor's token for it (held in this browser only), for the other questions asked of it. */
    token: followed?.token ?? null,
    busy: ['uploading', 'queued', 'reading', 'matching'].includes(state.phase),
    start,
    resume,
    follow,
    open,
    reset,
    correct,
    chooseSchool,
    setCalendar,
  };
}

export type TranscriptAnalysis = ReturnType<typeof useTranscriptAnalysis>;
