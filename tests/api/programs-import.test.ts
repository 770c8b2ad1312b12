import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgramDetail, ProgramImportResult, ProgramSummary } from '../../src/shared/schemas/programs';
import { createInstitution } from '../support/factories';
import { createTestApp, jsonRequest, randomAddress, signUp, signUpAdmin, TEST_APP_URL, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

function upload(csv: string, query = '', cookie: string | null = admin.cookie, type = 'text/csv') {
  return t.app.request(`/api/admin/programs/import${query}`, {
    method: 'POST',
    headers: { 'content-type': type, origin: TEST_APP_URL, 'x-real-ip': randomAddress(), ...(cookie ? { cookie } : {}) },
    body: csv,
  });
}
async function importCsv(csv: string, query = '') {
  const response = await upload(csv, query);
  return { status: response.status, body: (await response.json()) as ProgramImportResult & { error?: string } };
}
const get = (path: string, cookie: string | null = admin.cookie) => t.app.request(path, { headers: { origin: TEST_APP_URL, ...(cookie ? { cookie } : {}) } });
const exported = async (kind: string) => {
  const response = await get(`/api/admin/programs/export?kind=${kind}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
  return response.text();
};

async function school(prefix: string) {
  return createInstitution(t.deps.db, { name: `${prefix} ${Math.random().toString(36).slice(2, 8)}` });
}

const PROGRAMS = 'school,program_code,program_name,degree,total_credits,kind,includes,notes';
const REQUIREMENTS = 'school,program_code,requirement_id,parent_id,name,kind,group,children_required,min_courses,min_credits,max_credits,options,min_grade,double_count,exam_credit,notes,doubtful';

describe('the programs CSV import', () => {
  it('checks a file without saving (dry run), saves it all, and a re-import changes nothing', async () => {
    const university = await school('Program University');
    const programs = [PROGRAMS, `${university.name},econ-ba,Economics,BA,120,major,GE,"Core, then electives"`, `${university.name},GE,General Education,,,general-education,,`].join('\n');
    const requirements = [
      REQUIREMENTS,
      `${university.name},ECON-BA,CORE,,Economics core,major,all,,,,,,,,,,`,
      `${university.name},ECON-BA,CORE.1,CORE,Microeconomics,major,,,,,,ECON 2001 | ECON 2001H,C,,,,`,
      `${university.name},ECON-BA,CORE.2,CORE,Macroeconomics,major,,,,,,ECON 2002,,,,,`,
      `${university.name},ECON-BA,UPPER,,Upper-division economics,major,,,,9,,any 3000-level ECON | ECON 4XXX,,,,,`,
      `${university.name},GE,WRIT,,Writing,gen_ed,,,,,,attr:WR1,,yes,no,,`,
    ].join('\n');

    const dry = await importCsv(programs, '?dryRun=1');
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ saved: false, dryRun: true, kind: 'programs', rows: 2, inserted: 2, errorCount: 0 });
    expect(dry.body.preview?.map((row) => row.action)).toEqual(['insert', 'insert']);
    expect((await t.deps.db.query(`select 1 from programs where institution_id = $1`, [university.id])).length).toBe(0);

    expect((await importCsv(programs)).body).toMatchObject({ saved: true, inserted: 2 });
    const saved = await importCsv(requirements);
    expect(saved.body).toMatchObject({ saved: true, kind: 'requirements', inserted: 5, updated: 0, unchanged: 0, removed: 0 });
    expect((await importCsv(programs)).body).toMatchObject({ saved: true, inserted: 0, updated: 0, unchanged: 2 });
    expect((await importCsv(requirements)).body).toMatchObject({ saved: true, inserted: 0, updated: 0, unchanged: 5, removed: 0 });

    // Stored as written: codes upper-cased, options in their one written form, the tree by parent.
    const list = (await (await get(`/api/programs?school=${encodeURIComponent(university.key)}`, null)).json()) as { programs: ProgramSummary[] };
    const economics = list.programs.find((program) => program.code === 'ECON-BA')!;
    expect(economics).toMatchObject({ name: 'Economics', totalCredits: 120, includes: ['GE'], requirementCount: 4 });
    const detail = (await (await get(`/api/programs/${economics.id}`, null)).json()) as ProgramDetail;
    expect(detail.requirements.map((requirement) => [requirement.code, requirement.parentCode])).toEqual([
      ['CORE', null],
      ['CORE.1', 'CORE'],
      ['CORE.2', 'CORE'],
      ['UPPER', null],
    ]);
    expect(detail.requirements[3]).toMatchObject({ options: ['ECON 3XXX', 'ECON 4XXX'], optionsText: ['any 3000-level ECON course', 'any 4000-level ECON course'], minCredits: 9 });
    expect(detail.requirements[1]).toMatchObject({ minGrade: 'C' });

    // The audit log has the saved imports, not the dry run.
    const audits = await t.deps.db.query<{ details: { rows: number } }>(`select details from audit_log where action = 'programs_imported' and actor_id = $1`, [admin.id]);
    expect(audits.length).toBe(4);
  });

  it('a requirements file replaces the program\'s whole list: a changed row is an update, a missing one is removed', async () => {
    const university = await school('Replace University');
    await importCsv([PROGRAMS, `${university.name},BIO,Biology,BS,,major,,`].join('\n'));
    const rows = (changed: string) =>
      [REQUIREMENTS, `${university.name},BIO,A,,Biology I,major,,,,,,BIOL 1010,,,,,`, `${university.name},BIO,B,,Chemistry,major,,,,,,${changed},,,,,`, `${university.name},BIO,C,,Lab,major,,,,,,BIOL 1010L,,,,,`].join('\n');
    await importCsv(rows('CHEM 1045'));
    const edited = [REQUIREMENTS, `${university.name},BIO,A,,Biology I,major,,,,,,BIOL 1010,,,,,`, `${university.name},BIO,B,,Chemistry,major,,,,,,CHEM 1045 | CHEM 1046,,,,,`].join('\n');
    const dry = await importCsv(edited, '?dryRun=1');
    expect(dry.body).toMatchObject({ inserted: 0, updated: 1, unchanged: 1, removed: 1 });
    expect(dry.body.preview?.find((row) => row.action === 'remove')?.label).toMatch(/C \(not in the file: removed\)/);
    expect((await importCsv(edited)).body).toMatchObject({ saved: true, updated: 1, removed: 1 });
    const [count] = await t.deps.db.query<{ n: number }>(`select count(*)::int as n from program_requirements r join programs p on p.id = r.program_id where p.institution_id = $1`, [university.id]);
    expect(Number(count!.n)).toBe(2);
  });

  it('names every problem by line and column and saves nothing from a file with any error', async () => {
    const university = await school('Errors University');
    await importCsv([PROGRAMS, `${university.name},HIST,History,BA,,major,,`].join('\n'));
    const csv = [
      REQUIREMENTS,
      `${university.name},HIST,SURVEY,,Surveys,major,,,,,,HIST 1XXX,,,,,`,
      `${university.name},HIST,UPPER,,Upper division,major,,,,two,,HIST 3000+,,,,,`,
      `${university.name},HIST,CAP,,Capstone,major,,,,,,2182H,Q,maybe,,,`,
      `${university.name},HIST,GROUP,,Choose,major,n-of,3,,,,,,,,,`,
      `${university.name},HIST,GROUP.1,GROUP,Europe,major,,,,,,HIST 3300,,,,,`,
      `Nowhere College,HIST,X,,Lost,major,,,,,,HIST 1000,,,,,`,
      `${university.name},NOPE,X,,Lost,major,,,,,,HIST 1000,,,,,`,
    ].join('\n');
    const response = await importCsv(csv);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/nothing was saved/);
    const said = response.body.errors.map((error) => `${error.line}:${error.column}:${error.message}`);
    expect(said).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^3:min_credits:"two" is not a number/),
        expect.stringMatching(/^4:options:"2182H" is not a course code/),
        '4:min_grade:"Q" is not a letter grade such as C-',
        '4:double_count:"maybe" is not yes or no',
        '5:children_required:3 required but the group has only 1',
        expect.stringMatching(/^7:school:no school named "Nowhere College"/),
        `8:program_code:no program NOPE at ${university.name}: load it in a programs file first`,
      ]),
    );
    expect((await t.deps.db.query(`select 1 from program_requirements r join programs p on p.id = r.program_id where p.institution_id = $1`, [university.id])).length).toBe(0);

    const badHeader = await importCsv('school,program_code,requirement_id,name,option\nx,y,z,w,v');
    expect(badHeader.body.errors).toEqual([{ line: 1, column: 'option', message: 'unknown column for a requirements file' }]);
    const unknownKind = await importCsv('a,b\n1,2');
    expect(unknownKind.body.errors[0]!.message).toMatch(/not a programs, requirements, attributes or exam rules file/);
    expect((await upload('{}', '', admin.cookie, 'application/json')).status).toBe(415);
    expect((await upload('')).status).toBe(400);
  });

  it('imports a 2 MB programs file: the route streams its body under its own 20 MB limit, not the 256 KB of JSON requests', async () => {
    const university = await school('Large File University');
    const notes = `"${'Students complete the foundation courses before the major; '.repeat(64).slice(0, 3900)}"`;
    const rows = Array.from({ length: 560 }, (_, index) => `${university.name},P${index},Program ${index},BA,120,major,,${notes}`);
    const csv = [PROGRAMS, ...rows].join('\n');
    expect(Buffer.byteLength(csv)).toBeGreaterThan(2 * 1024 * 1024);
    const response = await importCsv(csv);
    expect(response.body.error).toBeUndefined();
    expect(response).toMatchObject({ status: 200, body: { saved: true, inserted: 560, errorCount: 0 } });
  });

  it('loads course attributes and exam credit rules, replacing what each row names', async () => {
    const university = await school('Attribute University');
    const attributes = ['school,course_code,attributes', `${university.name},HIST 2650,AH1 | SD2`, `${university.name},ENGL 1110.01,wr1`].join('\n');
    expect((await importCsv(attributes)).body).toMatchObject({ saved: true, kind: 'attributes', inserted: 2 });
    const changed = ['school,course_code,attributes', `${university.name},HIST 2650,AH1`].join('\n');
    expect((await importCsv(changed)).body).toMatchObject({ updated: 1, unchanged: 0 });
    const stored = await t.deps.db.query<{ code_key: string; attribute: string }>(`select code_key, attribute from course_attributes where institution_id = $1 order by code_key, attribute`, [university.id]);
    expect(stored).toEqual([
      { code_key: 'engl1110.01', attribute: 'WR1' },
      { code_key: 'hist2650', attribute: 'AH1' },
    ]);
    const exams = [
      'school,exam_type,exam,min_score,credits,courses,notes,doubtful',
      `${university.name},AP,Calculus AB,3,5,MATH 1151,,`,
      `${university.name},AP,Biology,3,4,BIOLOGY 1110,,`,
      `${university.name},AP,Biology,4,8,BIOLOGY 1113 | BIOLOGY 1114,,`,
      `${university.name},IB,Film,4,34,ENGLISH 2263,,credits look wrong`,
    ].join('\n');
    expect((await importCsv(exams)).body).toMatchObject({ saved: true, kind: 'exam-rules', inserted: 4 });
    const fewer = ['school,exam_type,exam,min_score,credits,courses', `${university.name},AP,Biology,3,4,BIOLOGY 1110`].join('\n');
    expect((await importCsv(fewer)).body).toMatchObject({ unchanged: 1, removed: 1 });
    const bad = ['school,exam_type,exam,min_score,credits,courses', `${university.name},SAT,Math,600,3,MATH 1`, `${university.name},AP,Chemistry,,3,CHEMISTRY`].join('\n');
    const said = (await importCsv(bad)).body.errors.map((error) => `${error.line}:${error.column}`);
    expect(said).toEqual(['2:exam_type', '3:min_score', '3:courses']);
  });

  it('exports each kind in its import columns, and importing the export back changes nothing', async () => {
    const university = await school('Export University');
    await importCsv([PROGRAMS, `${university.name},CS,"Computer Science, BS",BS,128,major,,=cmd`].join('\n'));
    await importCsv([REQUIREMENTS, `${university.name},CS,R1,,"Intro, with lab",major,,,,4,,CSE 1223 | attr:QR,C-,no,yes,"Take it first",`].join('\n'));
    await importCsv(['school,course_code,attributes', `${university.name},CSE 1223,QR`].join('\n'));
    await importCsv(['school,exam_type,exam,min_score,credits,courses', `${university.name},AP,Computer Science A,3,3,CSE 1223`].join('\n'));
    for (const kind of ['programs', 'requirements', 'attributes', 'exam-rules']) {
      const csv = await exported(kind);
      if (kind === 'programs') expect(csv).toContain(`'=cmd`);
      const again = await importCsv(csv, '?dryRun=1');
      expect(again.body, kind).toMatchObject({ errorCount: 0, inserted: 0, updated: 0, removed: 0 });
      expect(again.body.unchanged, kind).toBeGreaterThan(0);
    }
    const [program] = await t.deps.db.query<{ notes: string }>(`select notes from programs where institution_id = $1`, [university.id]);
    expect(program!.notes).toBe('=cmd');
  });

  it('lists and edits programs on the admin area, with the edit in the audit log', async () => {
    const university = await school('Edit University');
    await importCsv([PROGRAMS, `${university.name},MATH,Mathematics,BS,,major,,`].join('\n'));
    const list = (await (await get(`/api/admin/programs?q=${encodeURIComponent(university.name.toLowerCase())}`)).json()) as { programs: ProgramSummary[] };
    expect(list.programs.map((program) => program.code)).toEqual(['MATH']);
    const id = list.programs[0]!.id;
    const patched = await t.app.request(`/api/admin/programs/${id}`, jsonRequest('PATCH', { totalCredits: 120, dataNote: 'Checked with the registrar' }, admin.cookie));
    expect(patched.status).toBe(200);
    expect((await patched.json()) as ProgramDetail).toMatchObject({ totalCredits: 120, dataNote: 'Checked with the registrar' });
    expect((await t.app.request(`/api/admin/programs/${id}`, jsonRequest('PATCH', { totalCredits: -3 }, admin.cookie))).status).toBe(400);
    expect((await t.app.request('/api/admin/programs/999999', jsonRequest('PATCH', { name: 'Ghost' }, admin.cookie))).status).toBe(404);
    const [audit] = await t.deps.db.query<{ subject_id: string }>(`select subject_id from audit_log where action = 'program_updated' and actor_id = $1`, [admin.id]);
    expect(audit!.subject_id).toBe(String(id));
    // The edit is what the export writes, so re-importing the export leaves it in place.
    expect((await importCsv(await exported('programs'), '?dryRun=1')).body).toMatchObject({ updated: 0 });
    const student = await signUp(t);
    expect((await get('/api/admin/programs', student.cookie)).status).toBe(403);
  });
});
