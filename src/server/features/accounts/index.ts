/** Accounts and roles: who is signed in, the student role, and the admin's role changes (audited). */
export { registerAccountRoutes } from './accounts.routes';
