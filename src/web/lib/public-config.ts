import { DEFAULT_PUBLIC_CONFIG, type PublicConfig } from '@shared/public-config';

/** The server writes its public settings into index.html as inert JSON; the dev server falls back to defaults. */
export function readPublicConfig(): PublicConfig {
  const element = typeof document === 'undefined' ? null : document.getElementById('crosswalk-config');
  if (!element?.textContent) return DEFAULT_PUBLIC_CONFIG;
  try {
    return { ...DEFAULT_PUBLIC_CONFIG, ...(JSON.parse(element.textContent) as Partial<PublicConfig>) };
  } catch {
    return DEFAULT_PUBLIC_CONFIG;
  }
}

export const publicConfig = readPublicConfig();
