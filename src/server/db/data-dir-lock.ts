import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly holderPid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is already open in another process (pid ${holderPid}). ` +
        'Only one process may open it at a time: stop that process first, or point DATA_DIR elsewhere, ' +
        'or use a PostgreSQL server with DATABASE_URL.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite takes no lock of its own and a second process silently loses its writes,
 * so every process that opens the folder must hold this pid file first.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = join(dataDir, 'crosswalk.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(lockPath, 'utf8').trim() === String(process.pid)) rmSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holderPid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(holderPid) && holderPid !== process.pid && isAlive(holderPid)) {
        throw new DataDirLockedError(dataDir, holderPid);
      }
      if (holderPid === process.pid) throw new DataDirLockedError(dataDir, holderPid);
      rmSync(lockPath, { force: true }); // left by a process that died: take it over
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
