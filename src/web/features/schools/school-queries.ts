import { queryOptions } from '@tanstack/react-query';
import type { SchoolSuggestion } from '@shared/schemas/equivalencies';
import { apiFetch } from '../../lib/api-client';

/** The first choices a picker shows before anything is typed (GET /api/schools?list=). */
export type FirstChoiceList = 'search' | 'destination';

/** Schools by any name they go by (GET /api/schools?q=): the one the text names exactly first. */
export const fetchSchools = async (q: string, { state, signal }: { state?: string; signal?: AbortSignal } = {}) =>
  (await apiFetch<{ schools: SchoolSuggestion[] }>(`/api/schools?${new URLSearchParams({ q, ...(state ? { state } : {}) })}`, { signal })).schools;

/** Every school picker's queries, each key written once, here. */
export const schoolQueries = {
  all: ['schools'] as const,
  search: (text: string, state?: string) =>
    queryOptions({
      queryKey: ['schools', 'search', text.trim().toLowerCase(), state ?? ''] as const,
      queryFn: ({ signal }) => fetchSchools(text.trim(), { state, signal }),
      staleTime: 5 * 60_000,
    }),
  firstChoices: (list: FirstChoiceList) =>
    queryOptions({
      queryKey: ['schools', 'first', list] as const,
      queryFn: async ({ signal }) => (await apiFetch<{ schools: SchoolSuggestion[] }>(`/api/schools?${new URLSearchParams({ list })}`, { signal })).schools,
      staleTime: 10 * 60_000,
    }),
};
