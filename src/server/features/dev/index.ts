/** Development helpers (only on a development-only server: config.devOutbox). */
export { registerDevRoutes } from './dev.routes';
