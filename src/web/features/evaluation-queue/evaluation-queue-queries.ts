import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EvaluationDecision, EvaluationDecisionResult, EvaluationQueuePage, UnreadableTranscriptList } from '@shared/schemas/evaluation-queue';
import { apiFetch } from '../../lib/api-client';

/** The registrar's evaluation queue: one query-options factory (each key written once here) and the decision. */

const QUEUE = ['admin', 'evaluation-queue'] as const;

export const evaluationQueueQueries = {
  all: QUEUE,
  page: (page: number) =>
    queryOptions({
      queryKey: [...QUEUE, 'page', page] as const,
      queryFn: ({ signal }) => apiFetch<EvaluationQueuePage>(`/api/admin/evaluation-queue?page=${page}`, { signal }),
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
