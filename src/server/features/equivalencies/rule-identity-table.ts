/**
 * Rule identity (a 53-bit number: the stored fingerprint read as hex) -> the CSV line it was first seen on, for
 * catching the same rule twice in one file. Open addressing over typed arrays: 12 bytes a slot, ~24-48 MB for a
 * million rules, against ~90 MB for a Map of boxed 53-bit numbers, and no garbage for the collector to walk.
 */
export interface LineByIdentity {
  get(identity: number): number | undefined;
  set(identity: number, line: number): void;
  readonly size: number;
}

const EMPTY = -1; // identities are non-negative

export function createLineByIdentity(initialCapacity = 1 << 16): LineByIdentity {
  let capacity = 1;
  while (capacity < initialCapacity) capacity *= 2;
  let keys = new Float64Array(capacity).fill(EMPTY);
  let lines = new Int32Array(capacity);
  let size = 0;

  // The low bits of a good hash are already well mixed; fold the high bits in for identities that are not.
  const slotOf = (identity: number, mask: number) => ((identity % 4294967296) ^ Math.floor(identity / 4294967296)) & mask;

  const find = (identity: number): number => {
    const mask = capacity - 1;
    let slot = slotOf(identity, mask);
    while (keys[slot] !== EMPTY && keys[slot] !== identity) slot = (slot + 1) & mask;
    return slot;
  };

  const grow = () => {
    const oldKeys = keys;
    const oldLines = lines;
    capacity *= 2;
    keys = new Float64Array(capacity).fill(EMPTY);
    lines = new Int32Array(capacity);
    for (let i = 0; i < oldKeys.length; i += 1) {
      const key = oldKeys[i]!;
      if (key === EMPTY) continue;
      const slot = find(key);
      keys[slot] = key;
      lines[slot] = oldLines[i]!;
    }
  };

  return {
    get(identity) {
      if (!(identity >= 0)) throw new RangeError(`not a rule identity: ${identity}`);
      const slot = find(identity);
      return keys[slot] === EMPTY ? undefined : lines[slot];
    },
    set(identity, line) {
      if (!(identity >= 0)) throw new RangeError(`not a rule identity: ${identity}`);
      if ((size + 1) * 2 > capacity) grow();
      const slot = find(identity);
      if (keys[slot] === EMPTY) size += 1;
      keys[slot] = identity;
      lines[slot] = line;
    },
    get size() {
      return size;
    },
  };
}
