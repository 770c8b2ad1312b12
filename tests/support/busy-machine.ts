/**
 * A busy machine, made on purpose: four threads per core that only spin, at the same priority as everything else, so
 * every other thread (the server's checking and reading threads included) waits for a CPU most of the time, as under
 * the load that made a legitimate PDF "take too long" (issue 37). They stop when `work` settles.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const SPIN = `
const { workerData } = require('node:worker_threads');
const stop = new Int32Array(workerData);
while (Atomics.load(stop, 0) === 0) { for (let i = 0; i < 1e5; i++); }
`;

export async function withBusyMachine<T>(work: () => Promise<T>, threadsPerCore = 4): Promise<T> {
  const stop = new SharedArrayBuffer(4);
  const spinners = Array.from({ length: threadsPerCore * availableParallelism() }, () => new Worker(SPIN, { eval: true, workerData: stop }));
  await Promise.all(spinners.map((spinner) => new Promise((started) => spinner.once('online', started))));
  try {
    return await work();
  } finally {
    Atomics.store(new Int32Array(stop), 0, 1);
    await Promise.all(spinners.map((spinner) => new Promise((ended) => spinner.once('exit', ended))));
  }
}
