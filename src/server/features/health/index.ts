/** Liveness and whether the database and storage answer. */
export { registerHealthRoutes } from './health.routes';
