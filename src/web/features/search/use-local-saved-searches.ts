import { useCallback, useState } from 'react';
import type { SearchFilters } from '@shared/schemas/search';
import {
  addSavedSearch,
  loadSavedSearches,
  removeSavedSearch,
  storeSavedSearches,
  type KeyValueStorage,
  type SavedSearch,
} from '@shared/search/saved-searches';

function browserStorage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked: saved searches simply are not kept (spec section 8)
  }
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `s_${Date.now()}_${Math.random().toString(36).slice(2)}`;
}

/** Saved searches in this browser's local storage: at most 20, newest first, deduplicated (spec section 9). */
export function useLocalSavedSearches() {
  const [list, setList] = useState<SavedSearch[]>(() => loadSavedSearches(browserStorage()));
  const save = useCallback((q: string, filters: SearchFilters) => {
    const entry: SavedSearch = { id: newId(), ts: Date.now(), q: q.trim(), filters };
    const next = addSavedSearch(loadSavedSearches(browserStorage()), entry);
    storeSavedSearches(browserStorage(), next);
    setList(next);
    return entry;
  }, []);
  const remove = useCallback((id: string) => {
    const next = removeSavedSearch(loadSavedSearches(browserStorage()), id);
    storeSavedSearches(browserStorage(), next);
    setList(next);
  }, []);
  return { savedSearches: list, save, remove };
}
