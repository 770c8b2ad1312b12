/**
 * What counts against the time limits of reading uploaded files. Issue 37: a legitimate 30-page PDF was refused "took
 * too long" while the server was under load: the limits counted wall time, so a thread waiting for a CPU was charged
 * for the wait. "Took too long" must mean the document needs more work than we allow on an idle machine.
 *
 * - The PDF check at upload runs pdf.js in one thread of its own: its limit counts that thread's CPU time, read from
 *   /proc (Linux). A check that has used little CPU when a much longer wall-time backstop passes was starved by a busy
 *   machine: MachineBusyError (503, try again), never a refusal of the file.
 * - A reading (pdf.js, poppler, OCR: several threads and processes) keeps its wall-time limit, below the job lock; when
 *   it runs out while the machine was busy (the CPUs had tasks waiting at least half of the time), the job is put back in
 *   the queue instead of failing (transcript-analysis.ts, jobs/job-runner.ts).
 * Off Linux the clocks fall back to wall time and the machine's business to its load average.
 */
import { readFileSync, readlinkSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

/** The machine was too busy to finish the work in its time; the file itself is not at fault. */
export class MachineBusyError extends Error {
  constructor(message = 'The server is very busy right now, so your file could not be checked yet. Please try again in a few minutes.') {
    super(message);
    this.name = 'MachineBusyError';
  }
}

/** The calling thread's id in the operating system (Linux), for its parent to read its CPU time; null elsewhere. */
export function osThreadId(): number | null {
  try {
    const match = /\/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux Node runs on

/** The CPU time (ms) a thread of this process has used; null when it cannot be read (not Linux, thread gone). */
export function threadCpuMs(threadId: number): number | null {
  try {
    const onCpuNs = Number(readFileSync(`/proc/self/task/${threadId}/schedstat`, 'utf8').split(' ')[0]);
    if (Number.isFinite(onCpuNs)) return onCpuNs / 1e6;
  } catch {
    // no schedstat: fall back to stat's clock ticks
  }
  try {
    const stat = readFileSync(`/proc/self/task/${threadId}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // after "pid (comm) ": field 3 onwards
    const ticks = Number(fields[11]) + Number(fields[12]); // utime (14) + stime (15)
    return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

/**
 * A clock for work done in one thread: its CPU time since the clock started, or wall time when that cannot be read.
 * `threadId` null (not Linux) gives wall time.
 */
export function threadWorkClock(threadId: number | null) {
  const wallStart = performance.now();
  const cpuStart = threadId === null ? null : threadCpuMs(threadId);
  return {
    wallMs: () => performance.now() - wallStart,
    workMs: () => {
      const cpu = cpuStart === null || threadId === null ? null : threadCpuMs(threadId);
      return cpu === null || cpuStart === null ? performance.now() - wallStart : cpu - cpuStart;
    },
  };
}

/** Microseconds during which some task on this machine waited for a CPU (Linux pressure stall information). */
function cpuStallMicros(): number | null {
  try {
    const total = /^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1];
    return total === undefined ? null : Number(total);
  } catch {
    return null;
  }
}

/** Share of the time the CPUs had tasks waiting above which the machine counts as busy. */
export const BUSY_STALL_SHARE = 0.5;

/** Marks now; `wasBusy()` then says whether the machine was busy since. */
export function markMachineLoad() {
  const wallStart = performance.now();
  const stallStart = cpuStallMicros();
  return {
    wasBusy(): boolean {
      const stall = cpuStallMicros();
      const wallMicros = (performance.now() - wallStart) * 1000;
      if (stall !== null && stallStart !== null && wallMicros > 0) return (stall - stallStart) / wallMicros >= BUSY_STALL_SHARE;
      return (loadavg()[0] ?? 0) >= 1.5 * availableParallelism();
    },
  };
}
