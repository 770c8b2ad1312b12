import { describe, expect, it } from 'vitest';
import { createLineByIdentity } from './rule-identity-table';

describe('createLineByIdentity', () => {
  it('remembers the first line of each identity through growth, like a Map', () => {
    const table = createLineByIdentity(4);
    const reference = new Map<number, number>();
    let seed = 7;
    for (let line = 2; line < 50_000; line += 1) {
      seed = (seed * 48271) % 2147483647;
      const identity = line % 3 === 0 ? line : seed * 2097152 + (line % 1000); // 53-bit values and small ones
      if (table.get(identity) === undefined) table.set(identity, line);
      if (!reference.has(identity)) reference.set(identity, line);
    }
    expect(table.size).toBe(reference.size);
    for (const [identity, line] of reference) expect(table.get(identity)).toBe(line);
    expect(table.get(2 ** 53 - 1)).toBeUndefined();
    expect(table.get(0)).toBeUndefined();
  });
});
