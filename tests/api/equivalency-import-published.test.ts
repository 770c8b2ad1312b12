// Equivalency tables as schools publish them (issue 25, part 3), through POST /api/admin/equivalencies/import on the
// test database (PGlite, or PostgreSQL with TEST_DB=postgres): three published shapes, the mapping and its memory,
// schools matched through their names and aliases. The rows are made up; the layouts are the published ones.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetails } from '../../src/shared/schemas/course';
import type { EquivalencyImportResult } from '../../src/shared/schemas/equivalencies';
import { createCourse, createInstitution } from '../support/factories';
import { createTestApp, randomAddress, signUpAdmin, TEST_APP_URL, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

async function importCsv(csv: string, query: Record<string, string> = {}) {
  const response = await t.app.request(`/api/admin/equivalencies/import?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', origin: TEST_APP_URL, 'x-real-ip': randomAddress(), cookie: admin.cookie },
    body: csv,
  });
  return { status: response.status, body: (await response.json()) as EquivalencyImportResult & { error?: string } };
}

const suffix = () => Math.random().toString(36).slice(2, 8);

/** The stored rules from one school, with their courses, in the order written. */
async function storedRules(fromId: number) {
  return t.deps.db.query<{ transfers: boolean; credits: number | null; unit: string | null; to_id: number; sources: string; targets: string }>(
    `select r.transfers, r.credits_awarded::float8 as credits, r.credit_unit as unit, r.to_institution_id as to_id,
            (select string_agg(s.subject || ' ' || s.number, ' + ' order by s.position) from equivalency_rule_sources s where s.rule_id = r.id) as sources,
            (select string_agg(trim(t.subject || ' ' || t.number), ' + ' order by t.position) from equivalency_rule_targets t where t.rule_id = r.id) as targets
       from equivalency_rules r where r.from_institution_id = $1 order by r.id`,
    [fromId],
  );
}

describe('published tables', () => {
  it('shape 1, headers only a mapping explains: the preview says what to map, the mapping loads it, and it is remembered for the school', async () => {
    const from = await createInstitution(t.deps.db, { name: `Valley College ${suffix()}` });
    const to = await createInstitution(t.deps.db, { name: `Coast University ${suffix()}`, aliases: ['CU Test'] });
    const csv = ['Course,Course Title,Transfers As,Equivalent Title,Campus,Cr', `ENGL 1A,Composition,ENGL 101,College Writing,CU Test,3`, `MATH 3A,Calculus,MATH 150,Calculus I,CU Test,4`].join('\n');

    const unmapped = await importCsv(csv, { dryRun: '1', sourceUniversity: from.key });
    expect(unmapped.body.columns).toMatchObject({ missing: ['source_code', 'target_university', 'target_code'], mapped: { target_name: 'Equivalent Title' } });
    expect(unmapped.body.columns?.unused).toEqual(['Course', 'Course Title', 'Transfers As', 'Campus', 'Cr']);
    expect(unmapped.body.errors).toContainEqual({ line: 1, column: 'target_code', message: 'required column "target_code" is missing' });

    const mapping = { source_code: 'Course', source_name: 'Course Title', target_code: 'Transfers As', target_university: 'Campus', credits: 'Cr' };
    const saved = await importCsv(csv, { sourceUniversity: from.key, mapping: JSON.stringify(mapping) });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ saved: true, inserted: 2, institutionsCreated: [] });
    const [audit] = await t.deps.db.query<{ details: unknown }>(`select details from audit_log where action = 'equivalency_rules_imported' and actor_id = $1 order by id desc limit 1`, [admin.id]);
    expect(typeof audit?.details === 'string' ? JSON.parse(audit.details) : audit?.details).toMatchObject({ inserted: 2, layout: 'crosswalk', mapping });
    expect(await storedRules(from.id)).toEqual([
      { transfers: true, credits: 3, unit: null, to_id: to.id, sources: 'ENGL 1A', targets: 'ENGL 101' },
      { transfers: true, credits: 4, unit: null, to_id: to.id, sources: 'MATH 3A', targets: 'MATH 150' },
    ]);

    // The next file from the same school needs no mapping: the one saved is offered again and read.
    const next = await importCsv(['Course,Course Title,Transfers As,Equivalent Title,Campus,Cr', 'HIST 17A,US History,HIST 110,American History,CU Test,3'].join('\n'), { dryRun: '1', sourceUniversity: from.key });
    expect(next.body).toMatchObject({ errorCount: 0, inserted: 1 });
    expect(next.body.columns?.mapped).toMatchObject(mapping);
  });

  it('a mapping that is not a JSON object of Crosswalk columns, or names a header the file lacks, is a plain 400', async () => {
    const bad = await importCsv('a,b\n1,2\n', { mapping: '{"source_code":' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/JSON object from Crosswalk's column names/);
    const unknown = await importCsv('a,b\n1,2\n', { mapping: JSON.stringify({ course: 'a' }) });
    expect(unknown.status).toBe(400);
    const missing = await importCsv('source_code,source_name,target_university,target_code,target_name,credits\nA 1,a,x,B 1,b,3\n', { dryRun: '1', mapping: JSON.stringify({ notes: 'Remarks' }) });
    expect(missing.body.errors).toContainEqual({ line: 1, column: 'notes', message: 'the mapping reads notes from "Remarks", which the file does not have' });
  });

  it('shape 2, an articulation table with + and & groups: one rule with several courses; a code that fits no pattern refuses the file by line', async () => {
    const from = await createInstitution(t.deps.db, { name: `Mesa College ${suffix()}` });
    const to = await createInstitution(t.deps.db, { name: `Bay University ${suffix()}` });
    const header = 'sending_course,sending_course_title,receiving_course,receiving_course_title,to_institution,receiving_units';
    const good = [
      `ANTHRO 20 + HIST 38,Cultures + Ethnic History,ANTH 150,Peoples of the World,${to.name},3`,
      `CHEM 1A & CHEM 1AL,General Chemistry & Lab,CHEM 110,General Chemistry,${to.name},5`,
      `MATH 5,Statistics,STAT 100 + STAT EL,Statistics + Elective,${to.name},4`,
    ];
    const refused = await importCsv([header, ...good, `HIST 135 C,Topics,HIST 135,Topics,${to.name},3`].join('\n'), { sourceUniversity: from.name });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ line: 5, column: 'source_code', message: expect.stringContaining('"HIST 135 C" is not a course code') }]);
    expect(await storedRules(from.id)).toEqual([]);

    const saved = await importCsv([header, ...good].join('\n'), { sourceUniversity: from.name });
    expect(saved.body).toMatchObject({ saved: true, inserted: 3 });
    expect(await storedRules(from.id)).toEqual([
      { transfers: true, credits: 3, unit: null, to_id: to.id, sources: 'ANTHRO 20 + HIST 38', targets: 'ANTH 150' },
      { transfers: true, credits: 5, unit: null, to_id: to.id, sources: 'CHEM 1A + CHEM 1AL', targets: 'CHEM 110' },
      { transfers: true, credits: 4, unit: null, to_id: to.id, sources: 'MATH 5', targets: 'STAT 100 + STAT EL' },
    ]);
    const again = await importCsv([header, ...good].join('\n'), { sourceUniversity: from.name });
    expect(again.body).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
  });

  it('shape 3, a community college table with no-equivalent rows and quarter units: rules that do not transfer, units stored and shown', async () => {
    const from = await createInstitution(t.deps.db, { name: `Foothill Test College ${suffix()}` });
    const to = await createInstitution(t.deps.db, { name: `Pacific State ${suffix()}` });
    const csv = [
      'cc_course,cc_course_title,receiving_course,receiving_course_title,to_institution,receiving_units',
      `ENGL 1A,Composition,ENGL 100,Writing,${to.name},5 quarter units`,
      `ART 9,Ceramics,No Comparable Course,,${to.name},`,
      `PHED 2,Bowling,NE,,${to.name},`,
      `GUID 50,Orientation,no credit,,${to.name},`,
    ].join('\n');
    const preview = await importCsv(csv, { dryRun: '1', sourceUniversity: from.key });
    expect(preview.body.preview?.map((row) => [row.target, row.transfers, row.credits])).toEqual([
      ['ENGL 100 Writing', true, '5 quarter units'],
      ['DNT No Comparable Course', false, '0'],
      ['DNT NE', false, '0'],
      ['NDC no credit', false, '0'],
    ]);
    expect((await importCsv(csv, { sourceUniversity: from.key })).body).toMatchObject({ saved: true, inserted: 4 });
    const rules = await storedRules(from.id);
    expect(rules.map((rule) => [rule.targets, rule.transfers, rule.unit])).toEqual([
      ['ENGL 100', true, 'quarter'],
      ['DNT', false, null],
      ['DNT', false, null],
      ['NDC', false, null],
    ]);
    // Shown where credits are shown: the course page gives the rule's credits with their units. (A course a rule names
    // is a course of the sending school: migration 0065.)
    const [course] = await t.deps.db.query<{ id: number }>(`select id from courses where institution_id = $1 and subject = 'ENGL' and number = '1A'`, [from.id]);
    const details = (await (await t.app.request(`/api/courses/${course!.id}`)).json()) as CourseDetails;
    expect(details.transfers.map((transfer) => [transfer.toSchool.name, transfer.creditsAwarded, transfer.creditUnit])).toEqual([[to.name, 5, 'quarter']]);
    // The units are part of the rule: saying semester instead is a change the preview names.
    const changed = await importCsv(csv.replace('5 quarter units', '5 semester units'), { dryRun: '1', sourceUniversity: from.key });
    expect(changed.body.preview?.[0]).toMatchObject({ action: 'update', changes: ['units "quarter" → "semester"'] });
  });

  it('a TES import file and an ATAIN equivalency CSV load, their schools matched by name or by an IPEDS number kept as an alias', async () => {
    const ipedsFrom = `9${Math.floor(Math.random() * 1e5)}`;
    const ipedsTo = `8${Math.floor(Math.random() * 1e5)}`;
    const from = await createInstitution(t.deps.db, { name: `Lakeside CC ${suffix()}`, aliases: [ipedsFrom] });
    const to = await createInstitution(t.deps.db, { name: `Northern State ${suffix()}`, aliases: [ipedsTo] });
    const tesHeader = ['InstitutionCodeType', 'SendInstitutionCode', 'SendInstitutionName', 'SendInstitutionCity', 'SendInstitutionState', 'SendInstitutionCountry', 'EQValidDateStart', 'EQValidDateEnd',
      ...Array.from({ length: 10 }, (_, i) => `SendCourseCode${i + 1}`), 'ReceiveInstitutionCode', 'ReceiveInstitutionName', ...Array.from({ length: 10 }, (_, i) => `ReceiveCourseCode${i + 1}`),
      'CommentsPrivate', 'CommentsPublic', 'HideFlag'];
    const tesRow = (send: string[], receive: string[]) => ['IPEDSID', ipedsFrom, from.name, 'Duluth', 'MN', 'United States', '9/1/2020', 'NULL',
      ...Array.from({ length: 10 }, (_, i) => send[i] ?? 'NULL'), ipedsTo, to.name, ...Array.from({ length: 10 }, (_, i) => receive[i] ?? 'NULL'), 'NULL', 'NULL', '0'].join('|');
    const tes = await importCsv([tesHeader.join('|'), tesRow(['BIO 101', 'BIO 101L'], ['BIOL 1']), tesRow(['MATH 1100'], ['MATH 140'])].join('\r\n'));
    expect(tes.status).toBe(200);
    expect(tes.body).toMatchObject({ saved: true, inserted: 2, institutionsCreated: [], columns: { layout: 'tes', required: ['source_code', 'target_university', 'target_code'], missing: [] } });

    const atain = await importCsv(
      ['sending_inst_ipeds,sending_course_prefix,sending_course_number,receiving_inst_ipeds,receiving_course_prefix,receiving_course_number', `${ipedsFrom},ENG,101,${ipedsTo},ENGL,1010`, `${ipedsFrom},PSY,299,${ipedsTo},NE,`].join('\n'),
    );
    expect(atain.body).toMatchObject({ saved: true, inserted: 2, institutionsCreated: [], columns: { layout: 'atain' } });
    expect((await storedRules(from.id)).map((rule) => [rule.sources, rule.targets, rule.transfers])).toEqual([
      ['BIO 101 + BIO 101L', 'BIOL 1', true],
      ['MATH 1100', 'MATH 140', true],
      ['ENG 101', 'ENGL 1010', true],
      ['PSY 299', 'DNT', false],
    ]);
  });

  it('?sourceUniversity= and a column are matched the same way; an unknown school is created only when the preview listed it and the clerk confirmed it', async () => {
    const to = await createInstitution(t.deps.db, { name: `Harbor University ${suffix()}` });
    const newSource = `Brand New Community College ${suffix()}`;
    const csv = `source_code,source_name,target_university,target_code,target_name,credits\nENGL 1,Writing,${to.name},ENGL 101,Writing,3\n`;
    const preview = await importCsv(csv, { dryRun: '1', sourceUniversity: newSource });
    expect(preview.body).toMatchObject({ errorCount: 0, institutionsCreated: [newSource] });
    const refused = await importCsv(csv, { sourceUniversity: newSource });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ line: 1, column: 'source_university', message: expect.stringContaining(`"${newSource}" is not a school on file`) }]);
    const [none] = await t.deps.db.query<{ count: number }>(`select count(*)::int as count from institutions where name = $1`, [newSource]);
    expect(Number(none?.count)).toBe(0);

    const saved = await importCsv(csv, { sourceUniversity: newSource, newSchools: JSON.stringify([newSource]) });
    expect(saved.body).toMatchObject({ saved: true, inserted: 1, institutionsCreated: [newSource] });
    // The same name in a column now finds the school made from the parameter, in another spelling too.
    const column = await importCsv(`source_university,source_code,source_name,target_university,target_code,target_name,credits\n${newSource.toUpperCase()},ENGL 2,Writing II,${to.name},ENGL 102,Writing II,3\n`);
    expect(column.body).toMatchObject({ saved: true, inserted: 1, institutionsCreated: [] });
  });
});

// Issue 38, part 1 (decision 152): tables as schools publish them, titles optional, their type, notes and approval kept.
describe('tables as published', () => {
  /** The school with this name, made when the test database has none (the published file names the real schools). */
  async function school(name: string) {
    const [known] = await t.deps.db.query<{ id: number }>(`select id from institutions where lower(name) = lower($1)`, [name]);
    return known ?? (await createInstitution(t.deps.db, { name, state: 'LA' }));
  }

  async function approvalsOf(fromId: number) {
    return t.deps.db.query<{ sources: string; stated_class: string | null; approved_by: string | null; approved_on: string | null; notes: string | null; source_title: string | null; target_title: string | null }>(
      `select (select string_agg(s.subject || ' ' || s.number, ' + ') from equivalency_rule_sources s where s.rule_id = r.id) as sources,
              r.stated_class, r.approved_by, r.approved_on, r.notes,
              (select min(s.title) from equivalency_rule_sources s where s.rule_id = r.id) as source_title,
              (select min(t.title) from equivalency_rule_targets t where t.rule_id = r.id) as target_title
         from equivalency_rules r where r.from_institution_id = $1 order by r.id`,
      [fromId],
    );
  }

  it("Delgado → UNO's published table (codes only, a type column, notes and an approver column) loads as published, titles from the catalogue", async () => {
    const published = gunzipSync(readFileSync('reference-data/programs/louisiana-degreelink-dcc-uno/original/uno-dcc-equivs-92525.csv.gz')).toString('utf8');
    expect(published.split('\n')[0]).toBe('from_course_code,from_institution,to_course_code,to_institution,equivalency_type,notes,approved_by');
    const delgado = await school('Delgado Community College');
    const uno = await school('University of New Orleans');
    await createCourse(t.deps.db, uno.id, { subject: 'ENGL', number: '1157', title: 'English Composition 1' });
    await createCourse(t.deps.db, delgado.id, { subject: 'ENGL', number: '101', title: 'English Composition I' });

    const preview = await importCsv(published, { dryRun: '1' });
    expect(preview.status).toBe(200);
    expect(preview.body.errors).toEqual([]);
    // 124 rows; seven repeat an earlier row word for word and are read once.
    expect(preview.body).toMatchObject({ errorCount: 0, rows: 124, rules: 117, columns: { missing: [], unused: [] } });
    expect(preview.body.columns?.mapped).toMatchObject({ source_code: 'from_course_code', source_university: 'from_institution', target_code: 'to_course_code', target_university: 'to_institution', equivalency_type: 'equivalency_type', approved_by: 'approved_by' });
    // ENGL 101 → ENGL 1157 twice (ENGL 101 and ENGL 110 both go there): titled from the catalogues; the rest by code.
    expect(preview.body.titlesFromCatalogue).toBe(3);
    expect(preview.body.coursesWithoutTitle).toBeGreaterThan(200);
    expect(preview.body.preview?.[0]).toMatchObject({ source: 'ENGL 101 English Composition I', target: 'ENGL 1157 English Composition 1', transfers: true });

    const saved = await importCsv(published);
    expect(saved.body).toMatchObject({ saved: true, inserted: 117, errorCount: 0 });
    const rules = await approvalsOf(delgado.id);
    expect(rules).toHaveLength(117);
    // "direct" is the verdict class a specific course gives; a row that states nothing is inferred by the engine.
    expect(rules.filter((rule) => rule.stated_class === 'specific-course')).toHaveLength(94);
    expect(rules.filter((rule) => rule.stated_class === null)).toHaveLength(23);
    expect(rules[0]).toMatchObject({ sources: 'ENGL 101', source_title: 'English Composition I', target_title: 'English Composition 1' });
    // Loaded again as published: nothing changes.
    expect((await importCsv(published)).body).toMatchObject({ inserted: 0, updated: 0, unchanged: 117 });
  });

  it('notes, an approver and an approval date are kept with the rule, named in the preview, shown on the course page and exported; the type column gives the class', async () => {
    const from = await createInstitution(t.deps.db, { name: `River Parish CC ${suffix()}` });
    const to = await createInstitution(t.deps.db, { name: `Bayou State ${suffix()}` });
    const header = 'from_course_code,to_course_code,to_institution,equivalency_type,notes,approved_by,approval_date';
    const csv = [
      header,
      `BIOL 101,BIOL 1001,${to.name},direct,Must be taken with BIOL 101L,J. Broussard,5/1/2024`,
      `HIST 150,HIST 2000NE,${to.name},elective,,J. Broussard,2024-05-01`,
      `READ 090,NDC,${to.name},no credit,,,`,
    ].join('\n');
    const preview = await importCsv(csv, { dryRun: '1', sourceUniversity: from.key });
    expect(preview.body).toMatchObject({ errorCount: 0, rules: 3 });
    expect(preview.body.preview?.map((row) => row.approval ?? null)).toEqual(['J. Broussard, 2024-05-01', 'J. Broussard, 2024-05-01', null]);

    expect((await importCsv(csv, { sourceUniversity: from.key })).body).toMatchObject({ saved: true, inserted: 3 });
    expect((await approvalsOf(from.id)).map((rule) => [rule.sources, rule.stated_class, rule.approved_by, rule.approved_on, rule.notes])).toEqual([
      ['BIOL 101', 'specific-course', 'J. Broussard', '2024-05-01', 'Must be taken with BIOL 101L'],
      ['HIST 150', 'elective', 'J. Broussard', '2024-05-01', null],
      ['READ 090', 'no-credit', null, null, null],
    ]);

    // The course page shows the approval with the rule's facts.
    const [course] = await t.deps.db.query<{ id: number }>(`select id from courses where institution_id = $1 and subject = 'BIOL' and number = '101'`, [from.id]);
    const details = (await (await t.app.request(`/api/courses/${course!.id}`)).json()) as CourseDetails;
    expect(details.transfers[0]).toMatchObject({ approval: 'J. Broussard, 2024-05-01', notes: 'Must be taken with BIOL 101L' });

    // Exported with the rule, and the export loads back unchanged.
    const exported = await (await t.app.request('/api/admin/equivalencies/export', { headers: { cookie: admin.cookie } })).text();
    const lines = exported.split('\r\n');
    expect(lines[0]).toMatch(/,equivalency_type,approved_by,approved_on$/);
    expect(lines.find((line) => line.includes('BIOL 101,'))).toMatch(/,Must be taken with BIOL 101L,,specific-course,J\. Broussard,2024-05-01$/);

    // A changed approval is a change the preview names; a date that is not one refuses the file by line.
    const changed = await importCsv(csv.replace('5/1/2024', '6/1/2024'), { dryRun: '1', sourceUniversity: from.key });
    expect(changed.body.preview?.[0]).toMatchObject({ action: 'update', changes: ['approved on "2024-05-01" → "2024-06-01"'] });
    const bad = await importCsv(csv.replace('5/1/2024', 'spring'), { dryRun: '1', sourceUniversity: from.key });
    expect(bad.body.errors).toContainEqual({ line: 2, column: 'approved_on', message: '"spring" is not a date such as 2024-05-01 or 5/1/2024' });
  });
});
