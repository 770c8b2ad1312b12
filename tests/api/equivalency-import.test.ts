import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EquivalencyImportResult } from '../../src/shared/schemas/equivalencies';
import { readCatalogueVersion } from '../../src/server/features/catalogue';
import { createInstitution, createRule } from '../support/factories';
import { createTestApp, randomAddress, signUp, signUpAdmin, TEST_APP_URL, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let student: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
  student = await signUp(t);
});
afterAll(async () => {
  await t?.close();
});

function upload(csv: string, query = '', cookie: string | null = admin.cookie, type = 'text/csv') {
  return t.app.request(`/api/admin/equivalencies/import${query}`, {
    method: 'POST',
    headers: { 'content-type': type, origin: TEST_APP_URL, 'x-real-ip': randomAddress(), ...(cookie ? { cookie } : {}) },
    body: csv,
  });
}

async function importCsv(csv: string, query = '') {
  const response = await upload(csv, query);
  return { status: response.status, body: (await response.json()) as EquivalencyImportResult & { error?: string } };
}

async function countRules(fromId: number) {
  const [row] = await t.deps.db.query<{ count: number }>(`select count(*)::int as count from equivalency_rules where from_institution_id = $1`, [fromId]);
  return Number(row?.count);
}

/** Two schools per test, so tests never see each other's rules. */
async function schools() {
  const from = await createInstitution(t.deps.db, { name: `Import College ${Math.random().toString(36).slice(2, 8)}` });
  const to = await createInstitution(t.deps.db, { name: `Import University ${Math.random().toString(36).slice(2, 8)}`, aliases: [] });
  return { from, to };
}

const HEADER = 'source_university,source_code,source_name,target_university,target_code,target_name,credits,notes';

describe('POST /api/admin/equivalencies/import', () => {
  it('imports rules, then the same file again changes nothing, and an edited row is an update', async () => {
    const { from, to } = await schools();
    const csv = [
      HEADER,
      `${from.name},ECO 2013,Macroeconomics,${to.name},ECON 101,Principles of Macro,3,gen ed SS`,
      `${from.name},ENC 1101,Composition I,${to.name},ENGL EL,English elective,3,`,
      `${from.name},PED 1000,Bowling,${to.name},NDC,No Degree Credit,1,`,
    ].join('\n');
    const versionBefore = await readCatalogueVersion(t.deps.db);
    const first = await importCsv(csv);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ saved: true, inserted: 3, updated: 0, unchanged: 0, errors: [] });
    expect(await countRules(from.id)).toBe(3);
    // Search's cached answers see the import (on the embedded database the import moves the version on itself), and
    // every course points at a rule and a school (there the import checks this instead of per-row triggers).
    expect(await readCatalogueVersion(t.deps.db)).not.toBe(versionBefore);
    const [orphans] = await t.deps.db.query<{ count: number }>(
      `select count(*)::int as count from equivalency_rule_sources s
        where not exists (select 1 from equivalency_rules r where r.id = s.rule_id)
           or not exists (select 1 from institutions i where i.id = s.from_institution_id)`,
    );
    expect(orphans?.count).toBe(0);
    expect(await countRules(from.id)).toBe(3);

    const again = await importCsv(csv);
    expect(again.body).toMatchObject({ saved: true, inserted: 0, updated: 0, unchanged: 3 });
    expect(await countRules(from.id)).toBe(3);

    const edited = await importCsv(csv.replace('Principles of Macro,3', 'Principles of Macroeconomics,4'));
    expect(edited.body).toMatchObject({ inserted: 0, updated: 1, unchanged: 2 });
    const [target] = await t.deps.db.query<{ title: string; credits: number }>(
      `select t.title, t.credits from equivalency_rule_targets t join equivalency_rules r on r.id = t.rule_id
        where r.from_institution_id = $1 and t.subject = 'ECON'`,
      [from.id],
    );
    expect(target).toEqual({ title: 'Principles of Macroeconomics', credits: 4 });

    const audit = await t.deps.db.query<{ details: { inserted: number } }>(
      `select details from audit_log where action = 'equivalency_rules_imported' and actor_id = $1 order by id`,
      [admin.id],
    );
    expect(audit.map((entry) => entry.details.inserted)).toEqual(expect.arrayContaining([3, 0]));
  });

  it('names the line, column and problem, and saves nothing when any row is wrong', async () => {
    const { from, to } = await schools();
    const csv = [
      HEADER,
      `${from.name},ECO 2013,Macroeconomics,${to.name},ECON 101,Principles of Macro,3,`,
      `${from.name},ECO 2023,Microeconomics,${to.name},ECON 102,Principles of Micro,three,`,
      `${from.name},,Nothing,${to.name},ECON 103,Something,3,`,
    ].join('\n');
    const { status, body } = await importCsv(csv);
    expect(status).toBe(400);
    expect(body.saved).toBe(false);
    expect(body.error).toMatch(/2 errors; nothing was saved/);
    expect(body.errors).toEqual([
      { line: 3, column: 'credits', message: '"three" is not a number' },
      { line: 4, column: 'source_code', message: 'is empty' },
    ]);
    expect(await countRules(from.id)).toBe(0);
  });

  it('reports unknown and missing columns at line 1; a header nothing reads is listed as unused', async () => {
    const { body, status } = await importCsv('source_code,source_name,target_university,target_kode,target_name,credits\nA 1,x,y,B 2,z,3\n');
    expect(status).toBe(400);
    expect(body.errors.map((error) => [error.line, error.column])).toEqual(
      expect.arrayContaining([
        [1, 'target_kode'],
        [1, 'target_code'],
      ]),
    );
    // A title is optional (decision 152): a misspelled title header refuses nothing, and the preview lists it unused.
    const misspelled = await importCsv('source_code,source_name,target_university,target_code,target_nmae,credits\nA 1,x,y,B 2,z,3\n', '?dryRun=1');
    expect(misspelled.body.columns).toMatchObject({ missing: [], unused: ['target_nmae'] });
  });

  it('a dry run previews what would be added, changed or left alone, and stores nothing', async () => {
    const { from, to } = await schools();
    await importCsv(`${HEADER}\n${from.name},ECO 2013,Macro,${to.name},ECON 101,Macro,3,\n`);
    const csv = `${HEADER}\n${from.name},ECO 2013,Macro,${to.name},ECON 101,Macro,3,\n${from.name},ECO 2023,Micro,${to.name},ECON 102,Micro,3,\n`;
    const { status, body } = await importCsv(csv, '?dryRun=1');
    expect(status).toBe(200);
    expect(body).toMatchObject({ saved: false, dryRun: true, inserted: 1, unchanged: 1, updated: 0 });
    expect(body.preview?.map((row) => [row.line, row.action, row.source])).toEqual([
      [2, 'unchanged', 'ECO 2013 Macro'],
      [3, 'insert', 'ECO 2023 Micro'],
    ]);
    expect(await countRules(from.id)).toBe(1);
  });

  it('a dry run says what saving changes in a changed rule', async () => {
    const { from, to } = await schools();
    await importCsv(`${HEADER}\n${from.name},ECO 2013,Macro,${to.name},ECON 101,Macro,3,\n${from.name},ECO 2023,Micro,${to.name},ECON 102,Micro,3,old note\n`);
    const csv = `${HEADER}\n${from.name},ECO 2013,Macroeconomics,${to.name},ECON 101,Macro,4,\n${from.name},eco 2023,Micro,${to.name},ECON 102,Micro,3,new note\n`;
    const { body } = await importCsv(csv, '?dryRun=1');
    expect(body.preview?.map((row) => [row.line, row.action, row.changes])).toEqual([
      [2, 'update', ['credits 3 → 4', 'ECO 2013\'s title "Macro" → "Macroeconomics"', 'ECON 101\'s credits 3 → 4']],
      [3, 'update', ['notes "old note" → "new note"']],
    ]);
  });

  it('resolves schools by alias, uses the chosen source school when the column is absent, and creates unknown schools once confirmed', async () => {
    const { from } = await schools();
    const madison = await createInstitution(t.deps.db, { name: 'University of Wisconsin-Madison Test', aliases: ['UW-Madison Test'] });
    const newName = `Brand New Technical College ${Math.random().toString(36).slice(2, 6)}`;
    const csv = [
      'source_code,source_name,target_university,target_code,target_name,credits',
      'ECO 2013,Macro,UW-Madison Test,ECON 102,Macro,3',
      `ECO 2023,Micro,${newName},ECON 1,Micro,3`,
    ].join('\r\n');
    // The preview says the school is new; saving without the clerk's confirmation refuses the file, naming the line.
    expect((await importCsv(csv, `?dryRun=1&sourceUniversity=${from.key}`)).body).toMatchObject({ institutionsCreated: [newName], errorCount: 0 });
    const unconfirmed = await importCsv(csv, `?sourceUniversity=${from.key}`);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.errors).toEqual([{ line: 3, column: 'target_university', message: expect.stringContaining(`"${newName}" is not a school on file`) }]);
    expect(await countRules(from.id)).toBe(0);
    const { body } = await importCsv(csv, `?sourceUniversity=${from.key}&newSchools=${encodeURIComponent(JSON.stringify([newName.toUpperCase()]))}`);
    expect(body).toMatchObject({ saved: true, inserted: 2, institutionsCreated: [newName] });
    const rows = await t.deps.db.query<{ to_institution_id: number }>(`select to_institution_id from equivalency_rules where from_institution_id = $1 order by id`, [from.id]);
    expect(rows[0]?.to_institution_id).toBe(madison.id);
    const [created] = await t.deps.db.query<{ id: number }>(
      `select i.id from institutions i join institution_aliases a on a.institution_id = i.id where a.alias = $1`,
      [newName],
    );
    expect(rows[1]?.to_institution_id).toBe(created?.id);
  });

  it('without a source_university column or a chosen school, every row names the problem', async () => {
    const { to } = await schools();
    const { status, body } = await importCsv(`source_code,source_name,target_university,target_code,target_name,credits\nECO 2013,Macro,${to.name},ECON 1,Macro,3\n`);
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ line: 2, column: 'source_university', message: 'is empty and no source school was chosen for the file' }]);
  });

  it('export then import is a no-op, groups and credit ranges included', async () => {
    const { from, to } = await schools();
    // A rule with no target cannot be written as a row: the export skips it and the rest still round-trips.
    await createRule(t.deps.db, { from: from.id, to: to.id, sources: [{ subject: 'ZZZ', number: '1' }], targets: [] });
    const csv = [
      'source_university,source_code,source_name,target_university,target_code,target_name,credits,min_grade,effective_from,group',
      `${from.name},BSC 2010,Biology I,${to.name},BIO 101,Biology,4,C,Fall 2020,bio`,
      `${from.name},BSC 2010L,Biology I Lab,${to.name},BIO 101,Biology,4,C,Fall 2020,bio`,
      `${from.name},XYZ 100,Topics,${to.name},XYZ EL,Elective,1.00-3.00,,,`,
      // Titles a student could have written (an approved appeal becomes a rule): formulas to a spreadsheet.
      `${from.name},ECO 2013,@SUM(1+1),${to.name},ECON 102,"=HYPERLINK(""http://evil.example"",""Macro"")",3,,,`,
    ].join('\n');
    expect((await importCsv(csv)).body).toMatchObject({ inserted: 3 });
    const exported = await t.app.request('/api/admin/equivalencies/export', { headers: { cookie: admin.cookie } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await exported.text();
    expect(text.split('\r\n')[0]).toBe('source_university,source_code,source_name,source_credits,target_university,target_code,target_name,credits,min_grade,effective_from,effective_to,group,notes,credit_unit,equivalency_type,approved_by,approved_on');
    expect(text).toContain('1-3');
    // Every cell a spreadsheet would run as a formula is written with an apostrophe in front.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Macro"")"`);
    expect(text).toContain(`'@SUM(1+1)`);
    for (const line of text.split('\r\n')) for (const cell of line.split(',')) expect(cell, line).not.toMatch(/^"?[=+\-@]/);
    const again = await importCsv(text);
    expect(again.status).toBe(200);
    expect(again.body.inserted).toBe(0);
    expect(again.body.updated).toBe(0);
    expect(again.body.unchanged).toBeGreaterThanOrEqual(2);
  });

  it('counts every error of a file full of them, reports the first thousand by line, and saves nothing', async () => {
    const { from, to } = await schools();
    const rows = Array.from({ length: 1500 }, (_, index) => `${from.name},ECO ${1000 + index},Macro,${to.name},ECON 101,Macro,three,`);
    // A repeat found by the import itself (not by the CSV reader), after the thousandth bad row.
    rows.push(`${from.name},ECO 9000,Macro,${to.name},ECON 101,Macro,3,`, `${from.name},ECO 9000,Macro,${to.name},ECON 101,Macro,4,`);
    const result = await importCsv(`${HEADER}\n${rows.join('\n')}\n`);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ saved: false, inserted: 0, errorCount: 1501 });
    expect(result.body.errors).toHaveLength(1000);
    expect(result.body.errors[0]).toMatchObject({ line: 2, column: 'credits', message: '"three" is not a number' });
    expect(result.body.errors[999]?.line).toBe(1001);
    expect(await countRules(from.id)).toBe(0);
  });

  it('refuses a rule repeated saying something else (a row repeated word for word is read once), a body that is not CSV (415) and one over 100 MB (413), saving nothing', async () => {
    const { from, to } = await schools();
    const row = `${from.name},ECO 2013,Macro,${to.name},ECON 101,Macro,3,`;
    const repeated = await importCsv(`${HEADER}\n${row}\n${row.replace(',3,', ',4,')}\n`);
    expect(repeated.status).toBe(400);
    expect(repeated.body.errors[0]).toMatchObject({ line: 3, message: expect.stringMatching(/repeats the rule on line 2/) });
    const same = await importCsv(`${HEADER}\n${row}\n${row}\n`, '?dryRun=1');
    expect(same.body).toMatchObject({ errorCount: 0, rows: 2, rules: 1, inserted: 1 });

    const json = await upload('{}', '', admin.cookie, 'application/json');
    expect(json.status).toBe(415);

    const big = await t.app.request('/api/admin/equivalencies/import', {
      method: 'POST',
      headers: { 'content-type': 'text/csv', 'content-length': String(101 * 1024 * 1024), origin: TEST_APP_URL, cookie: admin.cookie },
      body: 'source_code\n',
    });
    expect(big.status).toBe(413);
    // A body that only turns out too large while streaming (no honest length) is refused too.
    const chunk = new Uint8Array(8 * 1024 * 1024).fill(0x41);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 101 * 1024 * 1024) controller.close();
        else {
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        }
      },
    });
    const streamed = await t.app.request('/api/admin/equivalencies/import', {
      method: 'POST',
      headers: { 'content-type': 'text/csv', origin: TEST_APP_URL, cookie: admin.cookie },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await countRules(from.id)).toBe(0);
  });

  it('is for admins only: 401 signed out, 403 for a student', async () => {
    expect((await upload(HEADER, '', null)).status).toBe(401);
    expect((await upload(HEADER, '', student.cookie)).status).toBe(403);
    expect((await t.app.request('/api/admin/equivalencies/export')).status).toBe(401);
    expect((await t.app.request('/api/admin/equivalencies/export', { headers: { cookie: student.cookie } })).status).toBe(403);
  });
});
