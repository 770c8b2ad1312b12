import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseDetails, CourseSearchResponse } from '@shared/schemas/course';
import type { SavedSearchInput, SavedSearchListResponse, SavedSearchRecord } from '@shared/schemas/saved-search';
import { apiFetch } from '../../lib/api-client';

/** Query-string parameters of one course search (no cursor): the TanStack Query key. */
export function useCourseSearch(params: URLSearchParams | null) {
  const key = params?.toString() ?? null;
  return useInfiniteQuery({
    queryKey: ['course-search', key],
    enabled: key !== null,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams(key ?? '');
      if (pageParam) query.set('cursor', pageParam);
      return apiFetch<CourseSearchResponse>(`/api/courses/search?${query}`, { signal });
    },
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useCourseDetails(id: string | undefined) {
  return useQuery({
    queryKey: ['course', id],
    enabled: Boolean(id),
    queryFn: ({ signal }) => apiFetch<CourseDetails>(`/api/courses/${encodeURIComponent(id ?? '')}`, { signal }),
    retry: false,
  });
}

export const SAVED_SEARCHES_QUERY_KEY = ['saved-searches'] as const;

export function saveSearchToProfile(input: SavedSearchInput) {
  return apiFetch<SavedSearchRecord>('/api/student/saved-searches', { method: 'POST', body: input });
}

/** The signed-in student's saved searches on the profile. */
export function useProfileSavedSearches(enabled: boolean) {
  return useQuery({
    queryKey: SAVED_SEARCHES_QUERY_KEY,
    enabled,
    queryFn: async ({ signal }) => (await apiFetch<SavedSearchListResponse>('/api/student/saved-searches', { signal })).savedSearches,
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/student/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_QUERY_KEY }),
  });
}
