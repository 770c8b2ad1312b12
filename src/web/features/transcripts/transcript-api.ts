import {
  TRANSCRIPT_TOKEN_HEADER,
  type AddTranscriptRowInput,
  type CorrectTranscriptRowInput,
  type CreateTranscriptResponse,
  type SearchAppealInput,
  type SearchAppealResponse,
  type TranscriptResponse,
} from '@shared/schemas/transcripts';
import type { ReportRowAppeal } from '@shared/schemas/student';
import { ApiError, apiFetch, isServerWords, requestFailedText, withoutFieldNames } from '../../lib/api-client';

/** The server could not be reached at all (network error or a 5xx): the only case for the simulated analysis. */
export class ServerUnreachableError extends Error {
  /** A 5xx that said why (worth showing); false for a network error or a wordless answer. */
  readonly hasServerReason: boolean;

  constructor(serverReason?: string) {
    super(serverReason ?? 'The server could not be reached.');
    this.name = 'ServerUnreachableError';
    this.hasServerReason = serverReason !== undefined && isServerWords(serverReason);
  }
}

async function send<T>(path: string, init: { method: string; body?: unknown; token?: string | null }): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { [TRANSCRIPT_TOKEN_HEADER]: init.token } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ServerUnreachableError();
  }
  const data = (await response.json().catch(() => null)) as { error?: unknown } | null;
  if (response.status >= 500) throw new ServerUnreachableError(typeof data?.error === 'string' ? data.error : undefined);
  if (!response.ok) throw new ApiError(typeof data?.error === 'string' ? withoutFieldNames(data.error) : requestFailedText(response.status), response.status);
  return data as T;
}

export const createTranscript = (body: { fileName: string; fileType: string; size: number; toInstitution: string }) =>
  send<CreateTranscriptResponse>('/api/transcripts', { method: 'POST', body: { ...body, toInstitutionId: 0 } });

export async function uploadTranscriptBytes(upload: CreateTranscriptResponse['upload'], file: File): Promise<void> {
  let response: Response;
  try {
    response = await fetch(upload.url, { method: upload.method, headers: upload.headers, body: file, credentials: 'same-origin' });
  } catch {
    throw new ApiError('The file could not be uploaded. Check your connection and try again.', 0);
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new ApiError(typeof data?.error === 'string' ? withoutFieldNames(data.error) : 'The file could not be uploaded.', response.status);
  }
}

export const analyzeTranscript = (id: string, toInstitution: string, token: string | null) =>
  send<{ id: string; status: string }>(`/api/transcripts/${id}/analyze`, { method: 'POST', body: { toInstitution }, token });

/** Another question asked of a transcript (its destinations), with the visitor's token when there is one. */
export const fetchForTranscript = <T>(path: string, token: string | null) => send<T>(path, { method: 'GET', token });

export const fetchTranscript = (id: string, token: string | null) => send<TranscriptResponse>(`/api/transcripts/${id}`, { method: 'GET', token });

/** "What we read": a course the reader missed; the answer is the report decided again. */
export const addTranscriptRow = (id: string, row: AddTranscriptRowInput, token: string | null) =>
  send<TranscriptResponse>(`/api/transcripts/${id}/rows`, { method: 'POST', body: row, token });

/** "What we read": a row fixed, removed or put back; the answer is the report decided again. */
export const correctTranscriptRow = (id: string, rowId: string, changes: CorrectTranscriptRowInput, token: string | null) =>
  send<TranscriptResponse>(`/api/transcripts/${id}/rows/${rowId}`, { method: 'PATCH', body: changes, token });

/** The school that issued the transcript, as the student chose it; the answer is the report decided again. */
export const chooseIssuingSchool = (id: string, institution: string, token: string | null) =>
  send<TranscriptResponse>(`/api/transcripts/${id}/school`, { method: 'PUT', body: { institution }, token });

/** Quarter or semester credits: the student's answer; the answer is the report decided again. */
export const setTranscriptCalendar = (id: string, calendar: 'quarter' | 'semester', token: string | null) =>
  send<TranscriptResponse>(`/api/transcripts/${id}/calendar`, { method: 'PUT', body: { calendar }, token });

export const claimTranscript = (id: string, token: string) => send<{ id: string }>(`/api/transcripts/${id}/claim`, { method: 'POST', body: {}, token });

export const submitSearchAppeal = (body: SearchAppealInput) => send<SearchAppealResponse>('/api/appeals', { method: 'POST', body });

/** What became of each row's appeal on the signed-in student's own transcript. */
export const fetchReportRowAppeals = (id: string) => apiFetch<{ rows: ReportRowAppeal[] }>(`/api/student/transcripts/${encodeURIComponent(id)}/appeals`);
