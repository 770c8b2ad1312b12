/** Runtime settings the server hands the web app (inside index.html and at GET /api/public-config). */
export interface PublicConfig {
  contact: { email: string; phone: string; social: string };
  /** The spec's build flag: the Student Portal link is hidden when this is false. */
  studentPortalEnabled: boolean;
  /** Admin Login goes to the school's own OpenID Connect provider. */
  adminSingleSignOn: boolean;
  demo: boolean;
}

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  contact: { email: 'hello@crosswalk.education', phone: '(555) 010-2025', social: '@crosswalkedu' },
  studentPortalEnabled: true,
  adminSingleSignOn: false,
  demo: false,
};
