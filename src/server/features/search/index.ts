/** Course search, course details and the student's saved searches. */
export { listSavedSearches } from './saved-searches.service';
export { registerSavedSearchRoutes } from './saved-searches.routes';
export { registerSearchRoutes } from './search.routes';
