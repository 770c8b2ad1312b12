/**
 * The pages whose code is worth fetching before React asks for it, by path. The web app's router preloads them as soon
 * as its script runs (preloadRouteChunks), and the server names their chunks in `<link rel="modulepreload">` so a phone
 * downloads them alongside the main script instead of after it. `module` is the page's source file relative to
 * src/web: the key of the build manifest (dist/web/.vite/manifest.json). Pages under the data layout also need it.
 */
export const QUERY_LAYOUT_MODULE = 'app/query-layout.tsx';

export interface EarlyPageChunk {
  pattern: RegExp;
  module: string;
}

export const EARLY_PAGE_CHUNKS = {
  search: { pattern: /^\/search\/?$/, module: 'routes/public/search-page.tsx' },
  about: { pattern: /^\/about\/?$/, module: 'routes/public/about-page.tsx' },
  courseDetails: { pattern: /^\/course\//, module: 'routes/public/course-details-page.tsx' },
  studentHub: { pattern: /^\/student\/?$/, module: 'routes/student/student-hub-page.tsx' },
  studentProfile: { pattern: /^\/student\/profile/, module: 'routes/student/student-profile-page.tsx' },
  adminLayout: { pattern: /^\/admin(\/|$)/, module: 'routes/admin/admin-layout.tsx' },
} as const satisfies Record<string, EarlyPageChunk>;

/** The source modules the first page at `pathname` needs beyond the main script (none for the home page). */
export function earlyPageModules(pathname: string): string[] {
  const pages = Object.values(EARLY_PAGE_CHUNKS).filter(({ pattern }) => pattern.test(pathname));
  return pages.length === 0 ? [] : [QUERY_LAYOUT_MODULE, ...pages.map(({ module }) => module)];
}
