import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { savedSearchQueries, useDeleteSavedSearch } from './search-queries';
import { SavedSearchItems } from './saved-search-items';

/**
 * The signed-in student's saved searches from the profile API, for the profile page: 'Run again' opens /search with
 * the saved text and filters, 'Delete' removes it from the profile.
 */
export function SavedSearchesList({ emptyText = 'No saved searches yet. Save one from the search page.' }: { emptyText?: string }) {
  const list = useQuery(savedSearchQueries.list());
  const remove = useDeleteSavedSearch();
  if (list.isPending) return <p className="text-sm text-slate-600">Loading saved searches…</p>;
  if (list.isError) {
    const message = list.error instanceof ApiError && list.error.status === 401 ? 'Sign in to see your saved searches.' : 'Unable to load saved searches.';
    return <p className="text-sm text-rose-700">{message}</p>;
  }
  if (list.data.length === 0) return <p className="text-sm text-slate-600">{emptyText}</p>;
  return (
    <div className="flex flex-col gap-2">
      <SavedSearchItems items={list.data} onDelete={(id) => remove.mutate(id)} deletingId={remove.isPending ? remove.variables : null} />
      {remove.isError && <p className="text-sm text-rose-700">Unable to delete that saved search. Please try again.</p>}
    </div>
  );
}
