/**
 * How our TypeScript is bundled to run from the repository (the commands: run-compiled.mjs; the server:
 * build-if-needed.mjs): ESM for Node 20, packages left as imports from node_modules, and each module keeping its own
 * location (keepModuleLocations).
 *
 * keepModuleLocations: each module keeps its own location. Bundled, every module would otherwise get the bundle's import.meta, and modules
 * find files beside them with it (the migrations folder, package.json, reference-data/, the built web app).
 *
 * A module that starts a worker thread from an entry beside itself (`startModuleWorker(import.meta.url, …)`) keeps the
 * bundle's own location instead: the compiled server builds those entries into the bundle's folder
 * (scripts/build-if-needed.mjs), so the worker runs compiled JavaScript too.
 */
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';

export const keepModuleLocations = {
  name: 'keep-module-locations',
  setup(plugin) {
    plugin.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      if (source.includes('startModuleWorker(import.meta.url')) return { loader: 'ts', contents: source };
      return {
        loader: 'ts',
        contents: source
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href))
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(path)))
          .replaceAll('import.meta.filename', JSON.stringify(path)),
      };
    });
  },
};

/** esbuild options both bundles share. */
export const BUNDLE_OPTIONS = {
  write: false,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
  plugins: [keepModuleLocations],
};
