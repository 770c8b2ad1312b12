import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IMPORT_NODE_FLAGS } from './client';

describe('the import command', () => {
  it('runs with the Node flags the import benchmark measures', () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.import).toBe(`node ${IMPORT_NODE_FLAGS.join(' ')} --import tsx scripts/import.ts`);
  });
});
