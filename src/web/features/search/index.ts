/** Course search: the search card and its forms, results, saved searches (this browser's and the profile's) and course details. */
export { SampleListingBadge } from './course-result-card';
export { SavedSearchItems } from './saved-search-items';
export { SavedSearchesList } from './saved-searches-list';
export { SearchCard, type SearchMode } from './search-card';
export { courseQueries, saveSearchToProfile, useSaveSearchToProfile } from './search-queries';
export { SearchResults } from './search-results';
export { SearchTips } from './search-tips';
export { apiParamsOf, readSearchState, searchHref, searchStateParams, withoutChip, withSchool } from './search-url';
export { useLocalSavedSearches } from './use-local-saved-searches';
export { useSessionUser } from './use-session-user';
