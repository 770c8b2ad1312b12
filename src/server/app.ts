import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppDeps, AppEnv } from './http/app-env';
import { handleError } from './http/errors';
import { createRequestsInFlight } from './http/requests-in-flight';
import { RouteTable } from './http/route-table';
import { limitRequestBodies } from './http/body-limits';
import { clientAddress, refuseCrossOriginWrites, securityHeaders, strictTransportSecurity } from './http/security';
import { refuseUnreadableText } from './http/unreadable-text';
import { authRequestRules } from './auth/auth-request-rules';
import { resolveSession } from './http/session';
import { signInGuard } from './auth/sign-in-guard';
import { signUpGuard } from './auth/sign-up-guard';
import { keepSessionTokensInCookies } from './auth/session-tokens';
import { registerAccountRoutes } from './features/accounts';
import { registerAdminRoutes } from './features/admin';
import { registerAppealRoutes } from './features/appeals';
import { registerDestinationRoutes } from './features/destinations';
import { registerDevRoutes } from './features/dev';
import { registerEquivalencyImportRoutes } from './features/equivalencies';
import { registerEvaluationQueueRoutes } from './features/evaluation-queue';
import { registerRuleHealthRoutes } from './features/rule-health';
import { registerHealthRoutes } from './features/health';
import { registerInstitutionRoutes } from './features/institutions';
import { registerProgramRoutes } from './features/programs';
import { registerSavedSearchRoutes, registerSearchRoutes } from './features/search';
import { registerStudentRoutes } from './features/student';
import { registerStoredFileRoutes, registerTranscriptRoutes } from './features/transcripts';
import { publicConfigFor } from './public-config';

export interface CreateAppOptions {
  /** Folder with the built web app (index.html + assets); omitted in API tests. */
  webRoot?: string;
}

/** Mounts every router; tests call app.request() on the result. */
export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = new Hono<AppEnv>();
  const routes = new RouteTable(app);
  const requestsInFlight = createRequestsInFlight();

  app.use('*', requestsInFlight.middleware);
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('requestId', c.req.header('x-request-id')?.slice(0, 64) || randomUUID());
    await next();
  });
  app.use('*', securityHeaders);
  app.use('*', strictTransportSecurity(deps.config.isProduction));
  app.use('*', clientAddress(deps.config.trustedProxyHeader));
  app.use('/api/*', refuseCrossOriginWrites(deps.config.appUrl));
  // Bodies are limited while they stream in, then text PostgreSQL cannot store is refused (400, never a 500).
  app.use('/api/*', limitRequestBodies);
  app.use('/api/*', refuseUnreadableText);

  // better-auth serves its own routes (sign-up, sign-in, sign-out, sessions, password reset, two-factor…).
  // Its admin-plugin routes are closed: role changes go through /api/admin/users/role, which writes the audit log.
  app.all('/api/auth/admin/*', (c) => c.json({ error: `No such API route: ${c.req.method} ${c.req.path}` }, 404));
  app.use('/api/auth/*', authRequestRules);
  // Outside the guards below, so what they answer passes through it too.
  app.use('/api/auth/*', keepSessionTokensInCookies);
  app.post('/api/auth/sign-in/email', signInGuard);
  app.post('/api/auth/sign-up/email', signUpGuard);
  routes.add('GET', '/api/auth/*', 'public', (c) => deps.auth.handler(c.req.raw));
  routes.add('POST', '/api/auth/*', 'public', (c) => deps.auth.handler(c.req.raw));

  app.use('/api/*', resolveSession);
  registerHealthRoutes(routes);
  registerSearchRoutes(routes);
  registerSavedSearchRoutes(routes);
  registerStoredFileRoutes(routes);
  registerAccountRoutes(routes);
  registerEquivalencyImportRoutes(routes);
  registerInstitutionRoutes(routes);
  registerTranscriptRoutes(routes);
  registerDestinationRoutes(routes);
  registerAppealRoutes(routes);
  registerStudentRoutes(routes);
  registerProgramRoutes(routes);
  registerAdminRoutes(routes);
  registerEvaluationQueueRoutes(routes);
  registerRuleHealthRoutes(routes);
  routes.get('/api/public-config', 'public', (c) => c.json(publicConfigFor(deps.config)));
  if (deps.config.devOutbox) registerDevRoutes(routes);

  app.all('/api/*', (c) => c.json({ error: `No such API route: ${c.req.method} ${c.req.path}` }, 404));
  if (options.webRoot) mountWebApp(app, options.webRoot, deps);
  app.onError(handleError);
  return { app, routeTable: routes.entries, requestsInFlight };
}

/** Serves the built web app: hashed assets cached for a year, every other path gets index.html (client-side routes). */
function mountWebApp(app: Hono<AppEnv>, webRoot: string, deps: AppDeps) {
  const root = resolve(webRoot);
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) throw new Error(`The web app is not built: ${indexPath} is missing. Run npm run build.`);
  // Runtime settings travel inside the page as inert JSON, so the first paint needs no extra request.
  const configJson = JSON.stringify(publicConfigFor(deps.config)).replace(/</g, '\\u003c');
  const indexHtml = readFileSync(indexPath, 'utf8').replace(
    '<!--crosswalk-config-->',
    `<script type="application/json" id="crosswalk-config">${configJson}</script>`,
  );
  // Only the home page shows the hero: elsewhere its preloaded image would compete with the page's own content.
  const indexWithoutHeroPreload = indexHtml.replace(/<!-- The home hero[\s\S]*?-->\s*<link\s+rel="preload"[\s\S]*?\/>/, '');
  app.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
    serveStatic({ root, precompressed: true }),
  );
  app.use('*', serveStatic({ root, index: '__no_index__', precompressed: true }));
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(c.req.path === '/' ? indexHtml : indexWithoutHeroPreload);
  });
}
