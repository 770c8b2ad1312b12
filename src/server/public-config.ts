import type { PublicConfig } from '../shared/public-config';
import type { AppConfig } from './env';

/** The settings the web app may know: nothing secret. */
export function publicConfigFor(config: AppConfig): PublicConfig {
  return {
    contact: config.contact,
    studentPortalEnabled: config.studentPortalEnabled,
    adminSingleSignOn: config.oidc !== null,
    demo: config.seedDemo && !config.isProduction,
  };
}
