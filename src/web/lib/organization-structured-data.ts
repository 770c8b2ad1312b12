import type { PublicConfig } from '@shared/public-config';
import { FOUNDED_YEAR } from './public-site-constants';

/** schema.org Organization for search engines (spec section 2, home page). */
export function organizationStructuredData(origin: string, contact: PublicConfig['contact']) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Crosswalk',
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    description: 'Free for students, built by students for students: find which of your courses and credits transfer between schools.',
    foundingDate: String(FOUNDED_YEAR),
    email: contact.email,
    telephone: contact.phone,
    contactPoint: [{ '@type': 'ContactPoint', contactType: 'partnerships', email: contact.email, telephone: contact.phone }],
  };
}

/** JSON for an inline `<script type="application/ld+json">`: `<` escaped so no text can close the script element. */
export function toJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
