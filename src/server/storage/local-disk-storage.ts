import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { diskSpaceAt } from './disk-space';
import { type FileStorage, STORAGE_KEY_PATTERN, STORAGE_PREFIXES } from './file-storage';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Files on the local disk under DATA_DIR/files, outside any static root. Uploads go to our own
 * `PUT /api/uploads/:key` route, authorised by an HMAC signature over key, size limit, type and expiry.
 */
export class LocalDiskStorage implements FileStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(
    root: string,
    private readonly appUrl: string,
    private readonly signingSecret: string,
    /** What must stay free on the disk (disk-space.ts decides by the disk's size unless given). */
    private readonly options: { minFreeBytes?: number } = {},
  ) {
    this.root = resolve(root);
    mkdirSync(join(this.root, 'tmp'), { recursive: true });
    this.removeAbandonedTemporaryFiles();
  }

  /**
   * A process killed while writing leaves its temporary file behind (never a half-written file under a real key).
   * At start, temporary files of processes that are no longer running are deleted.
   */
  private removeAbandonedTemporaryFiles() {
    const folder = join(this.root, 'tmp');
    for (const name of readdirSync(folder)) {
      const writer = Number(/-(\d+)-\d+$/.exec(name)?.[1]);
      if (Number.isInteger(writer) && writer !== process.pid && isRunning(writer)) continue;
      rmSync(join(folder, name), { force: true });
    }
  }

  private pathFor(key: string): string {
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return join(this.root, key);
  }

  signature(key: string, contentType: string, maxBytes: number, expires: number): string {
    return createHmac('sha256', this.signingSecret).update(`${key}\n${contentType}\n${maxBytes}\n${expires}`).digest('base64url');
  }

  /** Checks a signed upload address; returns the limits it grants or why it is refused. */
  verifyUpload(
    key: string,
    query: { expires?: string; max?: string; type?: string; sig?: string },
    now = Date.now(),
  ): { ok: true; maxBytes: number; contentType: string } | { ok: false; reason: string } {
    const expires = Number(query.expires);
    const maxBytes = Number(query.max);
    if (!STORAGE_KEY_PATTERN.test(key) || !query.sig || !query.type || !Number.isFinite(expires) || !Number.isFinite(maxBytes)) {
      return { ok: false, reason: 'This upload address is not valid.' };
    }
    const expected = Buffer.from(this.signature(key, query.type, maxBytes, expires));
    const given = Buffer.from(query.sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'This upload address is not valid.' };
    if (expires * 1000 < now) return { ok: false, reason: 'This upload address has expired. Please start the upload again.' };
    return { ok: true, maxBytes, contentType: query.type };
  }

  async createUploadUrl({ key, contentType, maxBytes, expiresInSeconds = 900 }: Parameters<FileStorage['createUploadUrl']>[0]) {
    this.pathFor(key);
    const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
    const params = new URLSearchParams({
      expires: String(expires),
      max: String(maxBytes),
      type: contentType,
      sig: this.signature(key, contentType, maxBytes, expires),
    });
    return { url: `${this.appUrl}/api/uploads/${key}?${params}`, method: 'PUT' as const, headers: { 'content-type': contentType } };
  }

  /** Write to a temporary file, fsync, then rename: a crash never leaves a half-written file under its real name. */
  async put(key: string, bytes: Uint8Array, _contentType?: string): Promise<void> {
    await this.writeAtomically(key, async (handle) => {
      await handle.writeFile(bytes);
      return true;
    });
  }

  /**
   * Writes a request body as it streams in, never holding it whole in memory, and stops at `maxBytes` (false then,
   * and nothing is kept). Answers the size and SHA-256 of what was written; nothing is kept for an empty body either.
   */
  async putStream(key: string, body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<{ size: number; sha256: string } | false> {
    const hash = createHash('sha256');
    let size = 0;
    const kept = await this.writeAtomically(key, async (handle) => {
      const reader = body?.getReader();
      for (;;) {
        const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
        if (chunk.done) break;
        size += chunk.value.byteLength;
        if (size > maxBytes) {
          await reader?.cancel().catch(() => undefined);
          return false;
        }
        hash.update(chunk.value);
        await handle.write(chunk.value);
      }
      return size > 0;
    });
    if (!kept && size > maxBytes) return false;
    return { size, sha256: hash.digest('hex') };
  }

  /** Temporary file, `write` into it, fsync, rename, fsync the folder; the temporary file goes when `write` says no. */
  private async writeAtomically(key: string, write: (handle: FileHandle) => Promise<boolean>): Promise<boolean> {
    const target = this.pathFor(key);
    await mkdir(dirname(target), { recursive: true });
    const temporary = join(this.root, 'tmp', `${key.replace('/', '-')}-${process.pid}-${Date.now()}`);
    const handle = await open(temporary, 'w', 0o600);
    let keep = false;
    try {
      keep = await write(handle);
      if (keep) await handle.sync();
    } finally {
      await handle.close();
      if (!keep) await rm(temporary, { force: true });
    }
    if (!keep) return false;
    await rename(temporary, target);
    const directory = await open(dirname(target), 'r');
    try {
      await directory.sync();
    } finally {
      await directory.close();
    }
    return true;
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathFor(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async stat(key: string) {
    try {
      const info = await stat(this.pathFor(key));
      return { size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }

  async *list(): AsyncIterable<{ key: string; modifiedAt: Date }> {
    for (const prefix of STORAGE_PREFIXES) {
      let names: string[];
      try {
        names = await readdir(join(this.root, prefix));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      for (const name of names) {
        const key = `${prefix}/${name}`;
        if (!STORAGE_KEY_PATTERN.test(key)) continue;
        const info = await stat(join(this.root, key)).catch(() => null); // deleted meanwhile
        if (info?.isFile()) yield { key, modifiedAt: info.mtime };
      }
    }
  }

  /** Free space, and whether a file can be written (a full or read-only disk, a folder that is no longer writable). */
  async localDisk() {
    const space = await diskSpaceAt(this.root, this.options.minFreeBytes);
    let writable = true;
    const probe = join(this.root, 'tmp', `health-${process.pid}-${Date.now()}`);
    try {
      const handle = await open(probe, 'w', 0o600);
      try {
        await handle.writeFile('ok');
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch {
      writable = false;
    } finally {
      await rm(probe, { force: true }).catch(() => undefined);
    }
    return { space, writable };
  }

  async ping(): Promise<boolean> {
    try {
      await stat(this.root);
      return true;
    } catch {
      return false;
    }
  }
}
