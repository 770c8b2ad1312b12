/**
 * `<link rel="modulepreload">` tags for the chunks a page needs beyond the main script, read from Vite's build
 * manifest. Without them a phone downloads the main script, runs it, and only then asks for the page's code: one more
 * round trip before anything shows. Which pages get them is decided in src/shared/early-page-chunks.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { earlyPageModules } from '../../shared/early-page-chunks';

/** The parts of a Vite manifest entry used here. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type ViteManifest = Record<string, ManifestChunk>;

export function readViteManifest(webRoot: string): ViteManifest | null {
  const path = join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(path)) return null;
  return JSON.parse(readFileSync(path, 'utf8')) as ViteManifest;
}

/** Every chunk file a module loads (itself and its static imports, transitively), in load order. */
function chunkFiles(manifest: ViteManifest, key: string, into: Set<string>, visited = new Set<string>()): void {
  if (visited.has(key)) return;
  visited.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, into, visited);
  into.add(chunk.file);
}

/**
 * Returns a function from a path to the tags for its page (an empty string when it needs none), each path pattern
 * worked out once. The entry's own chunks are left out: the built index.html already loads them.
 */
export function createPagePreloads(manifest: ViteManifest | null): (pathname: string) => string {
  if (!manifest) return () => '';
  const entryFiles = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) chunkFiles(manifest, key, entryFiles);
  const cache = new Map<string, string>();
  return (pathname) => {
    const modules = earlyPageModules(pathname);
    if (modules.length === 0) return '';
    const cacheKey = modules.join('|');
    const cached = cache.get(cacheKey);
    if (cached !== undefined) return cached;
    const files = new Set<string>();
    for (const module of modules) chunkFiles(manifest, module, files);
    const tags = [...files]
      .filter((file) => !entryFiles.has(file) && file.endsWith('.js'))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('\n    ');
    cache.set(cacheKey, tags);
    return tags;
  };
}
