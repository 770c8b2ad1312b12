/**
 * Saved searches (spec sections 3, 5, 8 and 9): at most 20, newest first,
 * deduplicated by query plus filters, kept in local storage under a
 * product-specific key. Storage errors and corrupt data are ignored.
 *
 * Pure: storage is injected, so this runs in the browser and on the server.
 */
// zod/mini: the search page loads this module (see schemas/search.ts).
import * as z from 'zod/mini';
import { searchFiltersSchema, type SearchFilters } from '../schemas/search';

export const MAX_SAVED_SEARCHES = 20;
export const SAVED_SEARCHES_STORAGE_KEY = 'crosswalk.savedSearches.v1';

export interface SavedSearch {
  id: string;
  /** When the search was saved, epoch milliseconds. */
  ts: number;
  q: string;
  filters: SearchFilters;
}

/** The part of the Web Storage API this module uses. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Drop empty values (undefined, null, '', blank strings, empty lists/objects) and sort keys, recursively. */
function canonical(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }
  if (Array.isArray(value)) {
    const items = value.map(canonical).filter((item) => item !== undefined);
    if (items.length === 0) return undefined;
    // Lists of plain values (course codes) are sets: order does not make a different search.
    return items.every((item) => typeof item !== 'object')
      ? [...new Set(items.map((item) => JSON.stringify(item)))].sort().map((item) => JSON.parse(item) as unknown)
      : items;
  }
  if (typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])] as const)
      .filter(([, item]) => item !== undefined);
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  return value;
}

/**
 * The deduplication key of a search: the query trimmed, with inner whitespace
 * collapsed and lowercased, plus a stable rendering of the filters that
 * ignores empty values and key order.
 */
export function savedSearchKey(q: string, filters: SearchFilters | null | undefined): string {
  const query = q.trim().replace(/\s+/g, ' ').toLowerCase();
  return JSON.stringify([query, canonical(filters ?? {}) ?? {}]);
}

/**
 * Add a search to the list: it becomes the first entry, any earlier entry with
 * the same query plus filters is removed, and the list is cut to 20.
 * The input list is not changed.
 */
export function addSavedSearch(list: readonly SavedSearch[], entry: SavedSearch): SavedSearch[] {
  const key = savedSearchKey(entry.q, entry.filters);
  const rest = list.filter((saved) => savedSearchKey(saved.q, saved.filters) !== key);
  return [entry, ...rest].slice(0, MAX_SAVED_SEARCHES);
}

/** Remove one saved search by id. */
export function removeSavedSearch(list: readonly SavedSearch[], id: string): SavedSearch[] {
  return list.filter((saved) => saved.id !== id);
}

const storedSearchSchema = z.object({
  id: z.string().check(z.minLength(1)),
  ts: z.number(),
  q: z.string(),
  filters: z.pipe(z.transform((value: unknown) => value ?? {}), searchFiltersSchema),
});

/**
 * Clean a list read from storage or elsewhere: invalid entries are dropped,
 * the rest sorted newest first, deduplicated (the newest copy wins) and cut to 20.
 */
export function normaliseSavedSearches(value: unknown): SavedSearch[] {
  if (!Array.isArray(value)) return [];
  const valid: SavedSearch[] = [];
  for (const item of value) {
    const parsed = storedSearchSchema.safeParse(item);
    if (parsed.success) valid.push(parsed.data);
  }
  valid.sort((a, b) => b.ts - a.ts);
  const seen = new Set<string>();
  const result: SavedSearch[] = [];
  for (const saved of valid) {
    const key = savedSearchKey(saved.q, saved.filters);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(saved);
    if (result.length === MAX_SAVED_SEARCHES) break;
  }
  return result;
}

/** Read saved searches; any storage error or corrupt JSON gives an empty list. */
export function loadSavedSearches(storage: KeyValueStorage | null | undefined): SavedSearch[] {
  if (!storage) return [];
  try {
    const raw = storage.getItem(SAVED_SEARCHES_STORAGE_KEY);
    if (raw == null || raw === '') return [];
    return normaliseSavedSearches(JSON.parse(raw));
  } catch {
    return [];
  }
}

/**
 * Write saved searches (at most 20). Storage errors (quota, private mode,
 * blocked storage) are ignored; the result says whether the write happened.
 */
export function storeSavedSearches(storage: KeyValueStorage | null | undefined, list: readonly SavedSearch[]): boolean {
  if (!storage) return false;
  try {
    storage.setItem(SAVED_SEARCHES_STORAGE_KEY, JSON.stringify(list.slice(0, MAX_SAVED_SEARCHES)));
    return true;
  } catch {
    return false;
  }
}
