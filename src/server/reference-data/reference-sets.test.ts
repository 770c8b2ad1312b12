import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvRecords } from './csv-pieces';
import { REFERENCE_DATA_DIR, referenceFiles } from './reference-files';
import { pickReferenceSets, REFERENCE_SETS, UnknownReferenceSetError } from './reference-sets';

describe('the reference-set registry', () => {
  it('names each set once, and every file it names is in the repository', () => {
    expect(new Set(REFERENCE_SETS.map((set) => set.name)).size).toBe(REFERENCE_SETS.length);
    for (const set of REFERENCE_SETS) for (const file of set.files) expect(existsSync(join(REFERENCE_DATA_DIR, file)), file).toBe(true);
  });

  it('says as many rows as the first file holds', async () => {
    const files = referenceFiles();
    for (const set of REFERENCE_SETS) {
      // A program set counts its requirements (the second file); every other set its first file's rows.
      const file = set.name.startsWith('programs-') ? set.files[1]! : set.files[0]!;
      let rows = -1; // the header
      for await (const _record of csvRecords(files.file(file).text())) rows += 1;
      expect(rows, set.name).toBe(set.rows);
    }
  }, 60_000);

  it('picks sets by name in registry order, all of them for all, and names the known ones for a wrong name', () => {
    expect(pickReferenceSets(['wisconsin-transfer-rules', 'catalog-ufl']).map((set) => set.name)).toEqual(['catalog-ufl', 'wisconsin-transfer-rules']);
    expect(pickReferenceSets(['all'])).toHaveLength(REFERENCE_SETS.length);
    expect(() => pickReferenceSets(['catalog-uf'])).toThrow(UnknownReferenceSetError);
    expect(() => pickReferenceSets(['catalog-uf'])).toThrow(/No reference set named "catalog-uf"\. Known sets: [a-z-, ]*catalog-ufl, /);
  });
});
