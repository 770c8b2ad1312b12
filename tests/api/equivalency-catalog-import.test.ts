import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogCsv } from '../../src/server/features/equivalencies';
import { createInstitution, createRule } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HEADER = 'institution,subject,number,title,credits,description';

describe('importCatalogCsv (npm run import with a catalogue file)', () => {
  it('upserts courses by school, subject and number: added, changed, unchanged; the same file twice changes nothing', async () => {
    const school = await createInstitution(t.deps.db, { name: `Catalogue College ${Math.random().toString(36).slice(2, 8)}`, aliases: ['CatCo Test'] });
    const csv = `${HEADER}\nCatCo Test,ACT SCI,300,Actuarial Methods I,1,"Risk, assessed."\n${school.name},E C E,252,Digital Logic,1-3,\n`;
    expect(await importCatalogCsv({ db: t.deps.db, input: csv })).toMatchObject({ saved: true, rows: 2, inserted: 2, updated: 0, unchanged: 0, errorCount: 0 });
    expect(await importCatalogCsv({ db: t.deps.db, input: csv })).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    expect(await importCatalogCsv({ db: t.deps.db, input: csv.replace('Digital Logic', 'Digital Logic Design') })).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
    const rows = await t.deps.db.query<{ subject: string; credits: number | null; credits_text: string | null; title: string }>(
      `select subject, credits, credits_text, title from courses where institution_id = $1 order by subject`,
      [school.id],
    );
    expect(rows).toEqual([
      { subject: 'ACT SCI', credits: 1, credits_text: '1', title: 'Actuarial Methods I' },
      { subject: 'E C E', credits: null, credits_text: '1-3', title: 'Digital Logic Design' },
    ]);
  });

  it('takes a course a file lists twice as one course, the later row winning (it was a database error, a 500)', async () => {
    const school = await createInstitution(t.deps.db);
    const csv = `${HEADER}\n${school.name},ADV,3001,Advertising Strategy,3,First listing\n${school.name},ADV,3001,Advertising Strategy,3,Second listing\n`;
    expect(await importCatalogCsv({ db: t.deps.db, input: csv })).toMatchObject({ saved: true, rows: 2, inserted: 1, errorCount: 0 });
    const rows = await t.deps.db.query<{ description: string }>(`select description from courses where institution_id = $1`, [school.id]);
    expect(rows).toEqual([{ description: 'Second listing' }]);
  });

  it('with keepExisting adds only courses not on file and leaves the others as they are', async () => {
    const school = await createInstitution(t.deps.db);
    await importCatalogCsv({ db: t.deps.db, input: `${HEADER}\n${school.name},ENC,1101,English Composition I,3,The school's own text\n` });
    const derived = `${HEADER}\n${school.name},ENC,1101,ENGLISH COMPOSITION I,,\n${school.name},ENC,1102,ENGLISH COMPOSITION II,,\n`;
    expect(await importCatalogCsv({ db: t.deps.db, input: derived, keepExisting: true })).toMatchObject({ saved: true, inserted: 1, updated: 0, unchanged: 1 });
    expect(await importCatalogCsv({ db: t.deps.db, input: derived, keepExisting: true })).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    const rows = await t.deps.db.query<{ number: string; title: string; description: string | null }>(
      `select number, title, description from courses where institution_id = $1 order by number`,
      [school.id],
    );
    expect(rows).toEqual([
      { number: '1101', title: 'English Composition I', description: "The school's own text" },
      { number: '1102', title: 'ENGLISH COMPOSITION II', description: null },
    ]);
  });

  it('with keepExisting lists a course only a rule named, so search no longer says it is missing from the catalogue', async () => {
    const school = await createInstitution(t.deps.db);
    const destination = await createInstitution(t.deps.db);
    await createRule(t.deps.db, { from: school.id, to: destination.id, sources: [{ subject: 'ENC', number: '1101', title: 'Freshman Composition I', credits: 3 }], targets: [{ subject: 'ENC', number: '1101' }] });
    const derived = `${HEADER}\n${school.name},ENC,1101,ENGLISH COMPOSITION I,,Writing with attention to process.\n`;
    expect(await importCatalogCsv({ db: t.deps.db, input: derived, keepExisting: true })).toMatchObject({ saved: true, inserted: 0, updated: 1 });
    expect(await importCatalogCsv({ db: t.deps.db, input: derived, keepExisting: true })).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    const rows = await t.deps.db.query(`select title, credits, description, known_from from courses where institution_id = $1`, [school.id]);
    expect(rows).toEqual([{ title: 'ENGLISH COMPOSITION I', credits: 3, description: 'Writing with attention to process.', known_from: 'catalogue' }]);
  });

  it('names the line and column of a wrong row and saves nothing', async () => {
    const school = await createInstitution(t.deps.db);
    const result = await importCatalogCsv({ db: t.deps.db, input: `${HEADER}\n${school.name},BIO,101,Biology,3,\n${school.name},BIO,,No number,3,\n` });
    expect(result).toMatchObject({ saved: false, inserted: 0, errors: [{ line: 3, column: 'number', message: 'is empty' }] });
    const [count] = await t.deps.db.query<{ count: number }>(`select count(*)::int as count from courses where institution_id = $1`, [school.id]);
    expect(Number(count?.count)).toBe(0);
  });

  it('counts every wrong row of a long file and reports the first thousand', async () => {
    const school = await createInstitution(t.deps.db);
    const rows = Array.from({ length: 1200 }, (_, index) => `${school.name},BIO,,Biology ${index},3,`);
    const result = await importCatalogCsv({ db: t.deps.db, input: `${HEADER}\n${rows.join('\n')}\n` });
    expect(result).toMatchObject({ saved: false, errorCount: 1200 });
    expect(result.errors).toHaveLength(1000);
    expect(result.errors[999]?.line).toBe(1001);
  });
});
