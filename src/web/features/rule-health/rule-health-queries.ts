import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RuleHealthFindingsPage, RuleHealthFix, RuleHealthFixResult, RuleHealthKind, RuleHealthSummary } from '@shared/schemas/rule-health';
import { apiFetch } from '../../lib/api-client';

/** Rule health: one query-options factory (each key written once here), the fix and "Check now". */

const RULE_HEALTH = ['admin', 'rule-health'] as const;

export const ruleHealthQueries = {
  all: RULE_HEALTH,
  summary: () => queryOptions({ queryKey: [...RULE_HEALTH, 'summary'] as const, queryFn: ({ signal }) => apiFetch<RuleHealthSummary>('/api/admin/rule-health', { signal }) }),
  findings: (kind: RuleHealthKind, school: string) =>
    infiniteQueryOptions({
      queryKey: [...RULE_HEALTH, 'findings', kind, school] as const,
      queryFn: ({ signal, pageParam }) => apiFetch<RuleHealthFindingsPage>(`/api/admin/rule-health/findings?${listParams(kind, school)}&after=${pageParam}`, { signal }),
      initialPageParam: 0,
      getNextPageParam: (page) => page.next ?? undefined,
    }),
};

const listParams = (kind: RuleHealthKind, school: string) => new URLSearchParams({ kind, ...(school ? { school } : {}) }).toString();

/** The CSV of one list, narrowed as shown (a download, not a query). */
export const ruleHealthExportUrl = (kind: RuleHealthKind, school: string) => `/api/admin/rule-health/export?${listParams(kind, school)}`;

/** Applies a finding's one-click fix; counts and lists are read again. */
export function useFixFinding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fix: RuleHealthFix) => apiFetch<RuleHealthFixResult>('/api/admin/rule-health/fixes', { method: 'POST', body: fix }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RULE_HEALTH }),
  });
}

/** Asks for a check now; the summary then says one is waiting. */
export function useCheckNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ queued: boolean }>('/api/admin/rule-health/check', { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RULE_HEALTH }),
  });
}
