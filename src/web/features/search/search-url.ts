/**
 * The search lives in the address of /search, so a reload, a shared link, a saved search or the home page form runs
 * it again and gets the same answer: `q` is the text as typed (Smart Search), `searchType` the mode, `without` the chips
 * the student removed, every other parameter a filter of spec section 3. The server reads the text (issue 35); the
 * browser only carries it.
 */
import { searchFiltersSchema, toCourseSearchParams, type SearchFilters } from '@shared/schemas/search';

export interface SearchState {
  mode: 'smart' | 'manual';
  /** The Smart Search text as typed ('' for Manual Entry). */
  text: string;
  filters: SearchFilters;
}

const FILTER_PARAMS = Object.keys(searchFiltersSchema.shape).filter((key) => key !== 'transferScenario' && key !== 'searchType');

/** The search an address describes, or null before any search. */
export function readSearchState(params: URLSearchParams): SearchState | null {
  const text = params.get('q')?.trim() ?? '';
  const searchType = params.get('searchType');
  const hasFilters = FILTER_PARAMS.some((key) => params.has(key));
  if (!text && !searchType && !hasFilters) return null;
  const raw: Record<string, string> = {};
  for (const key of FILTER_PARAMS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  const parsed = searchFiltersSchema.safeParse(raw);
  const filters = parsed.success ? parsed.data : {};
  if (searchType === 'manual') return { mode: 'manual', text: '', filters: { ...filters, searchType: 'manual' } };
  return { mode: 'smart', text, filters };
}

/** The address parameters of a search (the transfer scenario is left out: it follows from the two schools). */
export function searchStateParams(state: { text: string; filters: SearchFilters }): URLSearchParams {
  const { transferScenario: _scenario, ...filters } = state.filters;
  const params = toCourseSearchParams({ ...filters, ...(state.text ? { q: state.text } : {}) });
  const ordered = new URLSearchParams();
  const q = params.get('q');
  if (q) ordered.set('q', q);
  for (const [key, value] of params) if (key !== 'q') ordered.set(key, value);
  return ordered;
}

/** The /search link that runs a saved search again. */
export function searchHref(saved: { q: string; filters: SearchFilters }): string {
  const params = searchStateParams({ text: saved.q, filters: saved.filters });
  return `/search?${params}`;
}

/** The course-search API parameters of a search: the text as typed and the filters, exactly as the address has them. */
export function apiParamsOf(state: SearchState): URLSearchParams {
  const { transferScenario: _scenario, searchType: _type, ...filters } = state.filters;
  return toCourseSearchParams({ ...filters, q: state.mode === 'smart' ? state.text : '', limit: 10 });
}

/** The same search without one thing the server understood (a removed chip: `without` names it). */
export function withoutChip(state: SearchState, without: string): SearchState {
  return { ...state, filters: { ...state.filters, without: [...new Set([...(state.filters.without ?? []), without])] } };
}

/** The same search with one of its schools picked by key (one of the schools that share the name it wrote: "UNO"). */
export function withSchool(state: SearchState, role: 'from' | 'to', key: string): SearchState {
  const keyField = role === 'from' ? 'homeCollege' : 'targetCollege';
  const nameField = role === 'from' ? 'transferFromSchool' : 'transferToSchool';
  const chip = role === 'from' ? 'home' : 'target';
  const { [nameField]: _name, ...filters } = state.filters;
  const without = (filters.without ?? []).filter((entry) => entry !== chip);
  return { ...state, filters: { ...filters, [keyField]: key, without: without.length > 0 ? without : undefined } };
}
