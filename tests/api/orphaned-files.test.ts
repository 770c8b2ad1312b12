import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteOrphanedFiles } from '../../src/server/storage/orphaned-files';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function storeFile(withRow: boolean) {
  const key = `transcripts/${randomUUID()}`;
  await t.deps.storage.put(key, Buffer.from('%PDF-1.4 bytes'), 'application/pdf');
  if (withRow) {
    await t.deps.db.query(
      `insert into stored_files (storage_key, purpose, original_name, content_type, size_bytes, status, stored_at)
       values ($1, 'transcript', 'transcript.pdf', 'application/pdf', 14, 'stored', now())`,
      [key],
    );
  }
  return key;
}

describe('the orphaned-file sweep', () => {
  it('deletes stored files no row names once they are old enough, and keeps every file a row names', async () => {
    const orphan = await storeFile(false);
    const kept = await storeFile(true);
    // A negative grace period makes every file "old": the sweep's own clock, not the files', is what moves.
    expect(await deleteOrphanedFiles(t.deps, -60_000)).toBe(1);
    expect(await t.deps.storage.get(orphan)).toBeNull();
    expect((await t.deps.storage.get(kept))?.toString()).toBe('%PDF-1.4 bytes');
  });

  it('leaves a file alone within the grace period (its row may still be on its way)', async () => {
    const recent = await storeFile(false);
    expect(await deleteOrphanedFiles(t.deps)).toBe(0);
    expect(await t.deps.storage.stat(recent)).not.toBeNull();
  });
});
