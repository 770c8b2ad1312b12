import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * The JavaScript heap of a thread that decodes uploaded files: a hostile file that makes a decoder build huge object
 * graphs ends that thread with ERR_WORKER_OUT_OF_MEMORY instead of growing the server. Buffers of decoded bytes live
 * outside this heap; the decoders bound them themselves (pdf-decode-limits.ts, sharp's limitInputPixels).
 */
export const DECODER_THREAD_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 48 };

/**
 * Starts a worker thread from a module next to the caller. From TypeScript sources (tsx, vitest) the entry is .ts: a
 * small eval'd bootstrap registers tsx's loader inside the thread first (`execArgv: ['--import', 'tsx']` alone does not
 * apply to a worker's entry module on Node 20). Built output (.js) is started directly.
 */
export function startModuleWorker(callerUrl: string, entryBaseName: string, options: { resourceLimits?: ResourceLimits } = {}): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(new URL(`./${entryBaseName}.js`, callerUrl), options);
  const entry = new URL(`./${entryBaseName}.ts`, callerUrl).href;
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(bootstrap, { eval: true, ...options });
}

/** A thread that died of its heap limit: the input made a decoder need more memory than it is allowed. */
export function isOutOfMemory(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}
