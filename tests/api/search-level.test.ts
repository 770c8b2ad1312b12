/**
 * The stored course level (migration 0065, for "intro" searches) is the engine's courseLevel written in SQL: held to
 * it over every distinct number shape of the real catalogues and rules in reference-data/.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseLevel } from '../../src/server/features/catalogue';
import { createInstitution } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Course numbers of the real files: the third column of each catalogue, the number part of the rules' source codes. */
function realNumbers(): string[] {
  const numbers = new Set<string>();
  for (const folder of readdirSync('reference-data/catalogs')) {
    const text = gunzipSync(readFileSync(`reference-data/catalogs/${folder}/courses.csv.gz`)).toString('utf8');
    for (const line of text.split('\n').slice(1, 2000)) {
      const number = line.split(',')[2];
      if (number) numbers.add(number.trim());
    }
  }
  const rules = gunzipSync(readFileSync('reference-data/equivalencies/wisconsin-transfer-rules.csv.gz')).toString('utf8');
  for (const line of rules.split('\n').slice(1, 20000)) {
    const code = line.split(',')[1] ?? '';
    const number = /\s(\(\d+\)\s*\S+|\S+)$/.exec(code.trim())?.[1];
    if (number) numbers.add(number);
  }
  return [...numbers].filter((number) => number.length > 0 && number.length <= 20);
}

describe('courses.level', () => {
  it('equals the engine’s courseLevel for every number shape in the real data', async () => {
    const numbers = [...realNumbers(), '2311C', '1681.01', '(809) 122', '15', '0100', 'EL', '4604H'];
    expect(numbers.length).toBeGreaterThan(1000);
    const school = await createInstitution(t.deps.db);
    const rows = await t.deps.db.query<{ number: string; level: number | null }>(
      `insert into courses (institution_id, subject, number, title) select $1, 'LVL', n, 'Level test' from unnest($2::text[]) as n
       on conflict do nothing returning number, level`,
      [school.id, numbers],
    );
    const differences = rows.filter((row) => row.level !== courseLevel(row.number)).map((row) => `${row.number}: sql ${row.level}, engine ${courseLevel(row.number)}`);
    expect(differences).toEqual([]);
  });
});
