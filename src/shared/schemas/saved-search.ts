/** The saved-searches API contract (spec sections 3, 5 and 9): `/api/student/saved-searches`. */
import { z } from 'zod';
import type { SavedSearch } from '../search/saved-searches';
import { MAX_QUERY_LENGTH, searchFiltersSchema } from './search';

/** Body of `POST /api/student/saved-searches`: the query text plus its filters; one of the two must say something. */
export const savedSearchInputSchema = z
  .object({
    q: z.preprocess((value) => value ?? '', z.string().trim().max(MAX_QUERY_LENGTH)),
    filters: z.preprocess((value) => value ?? {}, searchFiltersSchema),
  })
  .refine((input) => input.q !== '' || Object.values(input.filters).some((value) => value !== undefined), {
    message: 'Enter a search topic first',
    path: ['q'],
  });
export type SavedSearchInput = z.input<typeof savedSearchInputSchema>;

/** A saved search as the API answers it: the same shape as the local list (`ts` = when saved, epoch ms). */
export type SavedSearchRecord = SavedSearch;

export interface SavedSearchListResponse {
  savedSearches: SavedSearchRecord[];
}
