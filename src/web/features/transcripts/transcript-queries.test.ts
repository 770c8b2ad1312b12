import type { Query } from '@tanstack/react-query';
import type { TranscriptResponse } from '@shared/schemas/transcripts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { ServerUnreachableError } from './transcript-api';
import { TRANSCRIPT_POLL_MS, transcriptQueries } from './transcript-queries';

const options = transcriptQueries.report('t1', null);
type ReportQuery = Query<TranscriptResponse, Error, TranscriptResponse, readonly ['transcripts', string]>;
const interval = (status: 'pending' | 'success' | 'error', report?: Partial<TranscriptResponse>) => {
  const refetchInterval = options.refetchInterval as (query: ReportQuery) => number | false;
  return refetchInterval({ state: { status, data: report as TranscriptResponse | undefined } } as ReportQuery);
};
const retry = options.retry as (failures: number, error: Error) => boolean;

describe('transcriptQueries.report', () => {
  it('asks again every poll interval while the server is still working on the transcript', () => {
    expect(interval('pending')).toBe(TRANSCRIPT_POLL_MS);
    for (const status of ['queued', 'reading', 'matching'] as const) expect(interval('success', { status })).toBe(TRANSCRIPT_POLL_MS);
  });

  it('stops once the transcript is done, failed or not on its way, and after a failure to read it', () => {
    for (const status of ['done', 'failed', 'saved', 'awaiting_upload'] as const) expect(interval('success', { status })).toBe(false);
    expect(interval('error', { status: 'reading' })).toBe(false);
  });

  it('retries lost connections a few times but takes a refusal at once', () => {
    expect(retry(0, new ServerUnreachableError())).toBe(true);
    expect(retry(9, new ServerUnreachableError())).toBe(true);
    expect(retry(10, new ServerUnreachableError())).toBe(false);
    expect(retry(0, new ApiError('We could not find this transcript.', 404))).toBe(false);
  });

  it('keys a report by the transcript alone, never by the visitor’s token', () => {
    expect(transcriptQueries.report('t1', 'secret-token').queryKey).toEqual(['transcripts', 't1']);
  });
});
