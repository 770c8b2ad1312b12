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
  if (!hasFilters && searchType !== 'smart') return { mode: 'smart', text, filters: toSearchFilters(parseSmartSearch(text)) };
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

/** The Smart Search understanding behind a search's filters: what the chips show. */
export function understandingOf(state: SearchState): SmartSearchUnderstanding {
  const base = parseSmartSearch(state.text);
  const f = state.filters;
  const understanding: Omit<SmartSearchUnderstanding, 'chips'> = {
    searchType: 'smart',
    query: base.query,
    extractedName: f.extractedName ?? null,
    transferScenario: f.homeCollege || f.transferFromSchool ? (f.transferScenario ?? base.transferScenario) : null,
    courseCodes: f.courseCodes ?? [],
    homeCollege: f.homeCollege ?? null,
    targetCollege: f.targetCollege ?? null,
    transferFromSchool: f.transferFromSchool ?? null,
    transferToSchool: f.transferToSchool ?? null,
    targetSubject: f.targetSubject ?? null,
    className: f.className ?? null,
    deliveryFormat: f.deliveryFormat ?? null,
    term: f.term ?? null,
    level: f.level ?? null,
    unusedWords: base.unusedWords,
  };
  return { ...understanding, chips: chipsFor(understanding) };
}

/** The course-search API parameters of a search: Smart Search sends the words left after understanding. */
export function apiParamsOf(state: SearchState): URLSearchParams {
  const q = state.mode === 'smart' ? parseSmartSearch(state.text).query : '';
  const { transferScenario: _scenario, extractedName: _name, searchType: _type, ...filters } = state.filters;
  return toCourseSearchParams({ ...filters, q, limit: 10 });
}
