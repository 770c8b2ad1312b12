/** Development helpers (never registered in production). */
export { registerDevRoutes } from './dev.routes';
