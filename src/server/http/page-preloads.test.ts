import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EARLY_PAGE_CHUNKS, QUERY_LAYOUT_MODULE } from '../../shared/early-page-chunks';
import { createPagePreloads, type ViteManifest } from './page-preloads';

const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_jsx-runtime.js'] },
  '_jsx-runtime.js': { file: 'assets/jsx-runtime-1.js' },
  '_query.js': { file: 'assets/query-1.js', imports: ['_jsx-runtime.js'] },
  'app/query-layout.tsx': { file: 'assets/query-layout-1.js', imports: ['_query.js', 'index.html'] },
  '_schemas.js': { file: 'assets/schemas-1.js' },
  'routes/public/search-page.tsx': { file: 'assets/search-page-1.js', imports: ['_schemas.js', '_query.js', 'index.html'] },
};

describe('page preloads', () => {
  it('are looked up by source files that exist (the build manifest keys chunks by these paths)', () => {
    const webRoot = resolve(import.meta.dirname, '../../web');
    for (const module of [QUERY_LAYOUT_MODULE, ...Object.values(EARLY_PAGE_CHUNKS).map((chunk) => chunk.module)]) {
      expect(existsSync(join(webRoot, module)), module).toBe(true);
    }
  });

  it('names the data layout, the page and their shared chunks once each, dependencies first, without the entry', () => {
    const preloads = createPagePreloads(manifest);
    expect(preloads('/search').split('\n').map((line) => line.trim())).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/query-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/query-layout-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/schemas-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/search-page-1.js">',
    ]);
  });

  it('adds nothing for the home page, a path without an early page, or without a manifest', () => {
    expect(createPagePreloads(manifest)('/')).toBe('');
    expect(createPagePreloads(manifest)('/no/such/page')).toBe('');
    expect(createPagePreloads(null)('/search')).toBe('');
  });
});
