import { queryOptions } from '@tanstack/react-query';
import type { DestinationsResponse, SchoolControl, SchoolLevel } from '@shared/schemas/destinations';
import { fetchForTranscript } from '../transcripts';

export interface DestinationFilters {
  state: string;
  control: SchoolControl | '';
  level: SchoolLevel | '';
  favorites: boolean;
}

export const NO_FILTERS: DestinationFilters = { state: '', control: '', level: '', favorites: false };

/** The query string the API reads (only the filters that are set). */
export function destinationsSearch(filters: DestinationFilters): string {
  const params = new URLSearchParams();
  if (filters.state) params.set('state', filters.state);
  if (filters.control) params.set('control', filters.control);
  if (filters.level) params.set('level', filters.level);
  if (filters.favorites) params.set('favorites', '1');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The token is a credential, not part of the answer: the key is the transcript and the filters. */
export const destinationsQueries = {
  ranked: (transcriptId: string, token: string | null, filters: DestinationFilters) =>
    queryOptions({
      queryKey: ['transcripts', transcriptId, 'destinations', destinationsSearch(filters)] as const,
      queryFn: () => fetchForTranscript<DestinationsResponse>(`/api/transcripts/${encodeURIComponent(transcriptId)}/destinations${destinationsSearch(filters)}`, token),
      staleTime: 60_000,
    }),
};
