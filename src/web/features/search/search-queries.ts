import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseDetails, CourseSearchResponse } from '@shared/schemas/course';
import type { SavedSearchInput, SavedSearchListResponse, SavedSearchRecord } from '@shared/schemas/saved-search';
import { apiFetch } from '../../lib/api-client';

/** Courses and saved searches: one query-options factory per resource, each key written once, here. */

const COURSES = ['courses'] as const;
const SAVED_SEARCHES = ['saved-searches'] as const;

export const courseQueries = {
  all: COURSES,
  /** One course search (its query string without a cursor), read a page at a time. */
  search: (params: URLSearchParams) => {
    const query = params.toString();
    return infiniteQueryOptions({
      queryKey: [...COURSES, 'search', query] as const,
      initialPageParam: null as string | null,
      queryFn: ({ pageParam, signal }) => {
        const page = new URLSearchParams(query);
        if (pageParam) page.set('cursor', pageParam);
        return apiFetch<CourseSearchResponse>(`/api/courses/search?${page}`, { signal });
      },
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    });
  },
  detail: (id: string) =>
    queryOptions({
      queryKey: [...COURSES, 'detail', id] as const,
      retry: false,
      queryFn: ({ signal }) => apiFetch<CourseDetails>(`/api/courses/${encodeURIComponent(id)}`, { signal }),
    }),
};

/** The signed-in student's saved searches on the profile. */
export const savedSearchQueries = {
  all: SAVED_SEARCHES,
  list: () =>
    queryOptions({
      queryKey: SAVED_SEARCHES,
      queryFn: async ({ signal }) => (await apiFetch<SavedSearchListResponse>('/api/student/saved-searches', { signal })).savedSearches,
    }),
};

/** Saves a search to the student's profile (the search screen calls it without waiting: a failure there is silent). */
export function saveSearchToProfile(input: SavedSearchInput) {
  return apiFetch<SavedSearchRecord>('/api/student/saved-searches', { method: 'POST', body: input });
}

export function useSaveSearchToProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSearchToProfile, onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES }) });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/student/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES }),
  });
}
