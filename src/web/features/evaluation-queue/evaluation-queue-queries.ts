import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EvaluationDecision, EvaluationDecisionResult, EvaluationQueuePage, EvaluationUndoResult, UnreadableTranscriptList } from '@shared/schemas/evaluation-queue';
import { apiFetch } from '../../lib/api-client';

/** The registrar's evaluation queue: one query-options factory (each key written once here) and the decision. */

const QUEUE = ['admin', 'evaluation-queue'] as const;

export const evaluationQueueQueries = {
  all: QUEUE,
  /** A page of the queue, or only the pair with this key (Rule health's "Decide it in the queue"). */
  page: (page: number, pair: string | null = null) =>
    queryOptions({
      queryKey: [...QUEUE, 'page', page, pair] as const,
      queryFn: ({ signal }) => apiFetch<EvaluationQueuePage>(`/api/admin/evaluation-queue?${pair ? `pair=${encodeURIComponent(pair)}` : `page=${page}`}`, { signal }),
      placeholderData: keepPreviousData,
    }),
  /** Files students say are transcripts though the reader found no courses in them. */
  unreadable: () =>
    queryOptions({
      queryKey: [...QUEUE, 'unreadable'] as const,
      queryFn: ({ signal }) => apiFetch<UnreadableTranscriptList>('/api/admin/evaluation-queue/unreadable', { signal }),
    }),
};

/** A registrar read one of those files by hand: it leaves the list. */
export function useMarkUnreadableRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/admin/evaluation-queue/unreadable/${encodeURIComponent(id)}/read`, { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...QUEUE, 'unreadable'] }),
  });
}

/** Decides a pair; the queue is read again (the pair leaves it, or moves last when left for later). */
export function useDecidePair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: EvaluationDecision) =>
      apiFetch<EvaluationDecisionResult>('/api/admin/evaluation-queue/decisions', { method: 'POST', body: decision }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUEUE }),
  });
}

/** Takes a decision back within its minute; the queue is read again (the pair returns with the next ranking). */
export function useUndoDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decisionId: number) => apiFetch<EvaluationUndoResult>(`/api/admin/evaluation-queue/decisions/${decisionId}/undo`, { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUEUE }),
  });
}
