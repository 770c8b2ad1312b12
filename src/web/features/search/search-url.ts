/**
 * The search lives in the address of /search, so a reload, a saved search or the home page form can run it:
 * `q` is the text as typed (Smart Search), `searchType` the mode, every other parameter a filter of spec section 3.
 */
import { searchFiltersSchema, toCourseSearchParams, type SearchFilters } from '@shared/schemas/search';
import { chipsFor, parseSmartSearch, toSearchFilters, type SmartSearchUnderstanding } from '@shared/search/smart-search-parser';

export interface SearchState {
  mode: 'smart' | 'manual';
  /** The Smart Search text as typed ('' for Manual Entry). */
  text: string;
  filters: SearchFilters;
}

const FILTER_PARAMS = Object.keys(searchFiltersSchema.shape).filter((key) => key !== 'transferScenario' && key !== 'searchType');

/**
 * Smart Search's filters from its text, without schools: which schools a text names is the server's to read (any name
 * the national directory knows), so the page sends the text and shows the schools the server found.
 */
export function smartFiltersOf(text: string): SearchFilters {
  const { transferFromSchool: _from, transferToSchool: _to, transferScenario: _scenario, homeCollege: _home, targetCollege: _target, ...filters } = toSearchFilters(parseSmartSearch(text));
  return filters;
}

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
  // A smart search with only its text in the address (a link from the home page) is understood afresh;
  // one made on this page carries searchType=smart and exactly the filters left after removing chips.
  if (!hasFilters && searchType !== 'smart') return { mode: 'smart', text, filters: { ...smartFiltersOf(text), searchType: 'smart' } };
  return { mode: 'smart', text, filters: { ...filters, searchType: 'smart' } };
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

/** The Smart Search understanding behind a search's filters: what the chips show (the schools' chips come from the server's answer). */
export function understandingOf(state: SearchState): SmartSearchUnderstanding {
  const base = parseSmartSearch(state.text);
  const f = state.filters;
  const understanding: Omit<SmartSearchUnderstanding, 'chips'> = {
    searchType: 'smart',
    query: base.query,
    extractedName: f.extractedName ?? null,
    transferScenario: null,
    courseCodes: f.courseCodes ?? [],
    homeCollege: null,
    targetCollege: null,
    transferFromSchool: null,
    transferToSchool: null,
    targetSubject: f.targetSubject ?? null,
    className: f.className ?? null,
    deliveryFormat: f.deliveryFormat ?? null,
    term: f.term ?? null,
    level: f.level ?? null,
    unusedWords: base.unusedWords,
  };
  return { ...understanding, chips: chipsFor(understanding) };
}

/**
 * The course-search API parameters of a search. Smart Search sends its text as typed: the server reads the schools in
 * it (and the words left to search for); the page sends what else it understood, and a school picked by key.
 */
export function apiParamsOf(state: SearchState): URLSearchParams {
  const { transferScenario: _scenario, extractedName: _name, searchType: _type, ...filters } = state.filters;
  if (state.mode !== 'smart') return toCourseSearchParams({ ...filters, q: '', limit: 10 });
  const { transferFromSchool: _from, transferToSchool: _to, ...smart } = filters;
  return toCourseSearchParams({ ...smart, q: state.text, limit: 10 });
}

/** The search with one of its schools set by key (a choice among schools sharing a name) or removed. */
export function withSchool(state: SearchState, role: 'from' | 'to', key: string | null): SearchState {
  const keyField = role === 'from' ? 'homeCollege' : 'targetCollege';
  const nameField = role === 'from' ? 'transferFromSchool' : 'transferToSchool';
  const { [keyField]: _key, [nameField]: _name, ...filters } = state.filters;
  const ignored = new Set(filters.ignoreTextSchools ?? []);
  // Removed: the text's mention of it is not used again; chosen: the key decides.
  if (key === null) ignored.add(role);
  else ignored.delete(role);
  return {
    ...state,
    filters: { ...filters, ...(key ? { [keyField]: key } : {}), ignoreTextSchools: ignored.size > 0 ? [...ignored] : undefined, searchType: state.mode === 'manual' ? 'manual' : 'smart' },
  };
}
