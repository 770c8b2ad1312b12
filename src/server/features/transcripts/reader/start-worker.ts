import { Worker } from 'node:worker_threads';

/**
 * Starts a worker thread from a module next to the caller. From TypeScript sources (tsx, vitest) the entry is .ts: a
 * small eval'd bootstrap registers tsx's loader inside the thread first (`execArgv: ['--import', 'tsx']` alone does not
 * apply to a worker's entry module on Node 20). Built output (.js) is started directly.
 */
export function startModuleWorker(callerUrl: string, entryBaseName: string): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(new URL(`./${entryBaseName}.js`, callerUrl));
  const entry = new URL(`./${entryBaseName}.ts`, callerUrl).href;
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(bootstrap, { eval: true });
}
