import { Link } from 'react-router';
import type { SavedSearch } from '@shared/search/saved-searches';
import { SUBJECT_AREA_OPTIONS, optionLabel } from '@shared/search/search-options';
import { formatDateTime } from '../../lib/format-date';
import { searchHref } from './search-url';

/** A one-line description of a saved search: its text, or for Manual Entry its schools and subject. */
export function describeSavedSearch(saved: SavedSearch): string {
  if (saved.q) return saved.q;
  const f = saved.filters;
  const parts = [
    (f.transferFromSchool || f.homeCollege) && `from ${f.transferFromSchool ?? f.homeCollege}`,
    (f.transferToSchool || f.targetCollege) && `to ${f.transferToSchool ?? f.targetCollege}`,
    f.targetSubject && (optionLabel(SUBJECT_AREA_OPTIONS, f.targetSubject) ?? f.targetSubject),
    f.className,
  ].filter(Boolean);
  return parts.length > 0 ? `Manual search ${parts.join(' · ')}` : 'Manual search';
}

/** Saved searches as a list: 'Run again' goes to /search with the saved text and filters; 'Delete' removes it. */
export function SavedSearchItems({
  items,
  onDelete,
  deletingId,
}: {
  items: SavedSearch[];
  onDelete: (id: string) => void;
  deletingId?: string | null;
}) {
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {items.map((saved) => (
        <li key={saved.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">{describeSavedSearch(saved)}</p>
            <p className="text-xs text-slate-600">Saved {formatDateTime(saved.ts)}</p>
          </div>
          <div className="flex gap-2">
            <Link to={searchHref(saved)} className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800">
              Run again
            </Link>
            <button
              type="button"
              onClick={() => onDelete(saved.id)}
              disabled={deletingId === saved.id}
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
              aria-label={`Delete saved search ${describeSavedSearch(saved)}`}
            >
              Delete
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
