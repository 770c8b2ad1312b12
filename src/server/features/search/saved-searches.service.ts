/** Saved searches on the student's profile (spec sections 3, 5 and 9): at most 20, newest first, deduplicated. */
import { searchFiltersSchema } from '../../../shared/schemas/search';
import type { SavedSearchRecord } from '../../../shared/schemas/saved-search';
import { MAX_SAVED_SEARCHES, savedSearchKey } from '../../../shared/search/saved-searches';
import type { Database, Queryable } from '../../db/client';
import { notFound } from '../../domain-errors';
import { deleteSavedSearchRow, listSavedSearchRows, upsertSavedSearchRow, type SavedSearchRow } from './saved-searches.queries';

function presentSavedSearch(row: SavedSearchRow): SavedSearchRecord {
  const filters = searchFiltersSchema.safeParse(row.filters);
  return { id: row.id, ts: new Date(row.created_at).getTime(), q: row.q, filters: filters.success ? filters.data : {} };
}

export async function listSavedSearches({ db, userId }: { db: Queryable; userId: string }): Promise<SavedSearchRecord[]> {
  return (await listSavedSearchRows(db, userId, MAX_SAVED_SEARCHES)).map(presentSavedSearch);
}

export async function saveSearch({
  db,
  userId,
  q,
  filters,
}: {
  db: Database;
  userId: string;
  q: string;
  filters: SavedSearchRecord['filters'];
}): Promise<SavedSearchRecord> {
  const row = await db.transaction((tx) =>
    upsertSavedSearchRow(tx, { userId, q, filters, dedupeKey: savedSearchKey(q, filters), keep: MAX_SAVED_SEARCHES }),
  );
  return presentSavedSearch(row);
}

export async function deleteSavedSearch({ db, userId, id }: { db: Queryable; userId: string; id: string }): Promise<void> {
  if (!(await deleteSavedSearchRow(db, userId, id))) throw notFound('No saved search with this id.');
}
