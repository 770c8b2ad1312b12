import { queryOptions } from '@tanstack/react-query';
import type { TranscriptResponse } from '@shared/schemas/transcripts';
import { ApiError } from '../../lib/api-client';
import { fetchReportRowAppeals, fetchTranscript } from './transcript-api';

/** How often a transcript the server is still reading is asked about again. */
export const TRANSCRIPT_POLL_MS = 500;
/** Connection failures in a row before giving up on a transcript (a refusal, 4xx, ends it at once). */
const MAX_CONNECTION_FAILURES = 10;

/** Finished, failed, or not on its way (never analysed): nothing more will change without a new request. */
export const isSettled = (report: TranscriptResponse | undefined) => report !== undefined && !['queued', 'reading', 'matching'].includes(report.status);

/**
 * One transcript's report, asked for every TRANSCRIPT_POLL_MS until it is settled. The key is the transcript's id
 * alone: the visitor's token is a credential, not part of what the report is (a claimed transcript is the same one).
 */
const TRANSCRIPTS = ['transcripts'] as const;

export const transcriptQueries = {
  all: TRANSCRIPTS,
  report: (id: string, token: string | null) =>
    queryOptions({
      queryKey: [...TRANSCRIPTS, id] as const,
      queryFn: () => fetchTranscript(id, token),
      refetchInterval: (query) => (query.state.status === 'error' || isSettled(query.state.data) ? false : TRANSCRIPT_POLL_MS),
      retry: (failures, error) => !(error instanceof ApiError) && failures < MAX_CONNECTION_FAILURES,
      retryDelay: (attempt) => TRANSCRIPT_POLL_MS * (attempt + 1),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** The appeal of each row of the signed-in student's own transcript, by row id (none for anyone else's). */
  rowAppeals: (id: string) =>
    queryOptions({
      queryKey: [...TRANSCRIPTS, id, 'appeals'] as const,
      queryFn: async () => new Map((await fetchReportRowAppeals(id)).rows.map((row) => [row.rowId, row])),
    }),
};
