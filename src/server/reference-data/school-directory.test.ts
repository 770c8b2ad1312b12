import { beforeAll, describe, expect, it } from 'vitest';
import { SchoolNameIndex } from '../features/institutions';
import { DEMO_INSTITUTIONS } from '../db/seed/demo-institutions';
import { csvRecords } from './csv-pieces';
import { FLORIDA_PUBLIC_SCHOOLS } from './florida-inventory';
import { readLouisianaMatrix } from './louisiana-matrix';
import { referenceFiles } from './reference-files';
import { DELAWARE, louisianaSchool, OHIO_STATE, UW_MADISON, WILLIAM_AND_MARY } from './reference-schools';
import { IPEDS_DIRECTORY_FILE, readSchoolDirectory } from './school-directory';

const files = referenceFiles();
const schools = readSchoolDirectory(files.file(IPEDS_DIRECTORY_FILE).wholeText());
const index = new SchoolNameIndex(
  schools.map((school) => ({ id: school.unitid, key: String(school.unitid), name: school.name, state: school.state, city: school.city, size: school.size, sector: school.sector, hasData: false, aliases: school.aliases, webDomain: school.webDomain })),
);
const unitidOf = (name: string, state?: string | null) => index.resolve(name, { states: [state] }).school?.id ?? null;

describe('the IPEDS directory as Crosswalk reads it', () => {
  it('holds every school of the file but system offices and closed institutions of unknown sector', () => {
    expect(schools).toHaveLength(6_316);
    const lsu = schools.find((school) => school.unitid === 159391)!;
    expect(lsu).toMatchObject({ name: 'Louisiana State University and Agricultural & Mechanical College', state: 'LA', city: 'Baton Rouge', webDomain: 'lsu.edu', control: 'public', kind: 'university', size: 5 });
    expect(lsu.aliases).toEqual(expect.arrayContaining(['Louisiana State University', 'LSU']));
    expect(schools.find((school) => school.unitid === 139755)?.name).toBe('Georgia Institute of Technology');
    expect(schools.some((school) => school.name === 'University of Wisconsin-System Administration')).toBe(false);
  });

  it('shows a renamed school by its name now and keeps the old one (Tallahassee Community College → Tallahassee State College)', () => {
    const tallahassee = schools.find((school) => school.unitid === 137759)!;
    expect(tallahassee.name).toBe('Tallahassee State College');
    expect(tallahassee.formerNames).toEqual(['Tallahassee Community College']);
    expect(unitidOf('Tallahassee Community College')).toBe(137759);
    expect(unitidOf('Tallahassee State College')).toBe(137759);
  });
});

describe('names students use', () => {
  it.each([
    ['LSU', 159391],
    ['Madison College', 238263],
    ['LA Tech', 159647],
    ['Louisiana Tech', 159647],
    ['Ole Miss', 176017],
    ['Georgia Tech', 139755],
    ['Kapiolani CC', 141796],
    ['De Anza', 113333],
    ['Texas A&M', 228723],
    ['UCF', 132903],
    ['MDC', 135717],
    ['Delgado', 158662],
    ['UW Madison', 240444],
    ['uw-madison', 240444],
    ['Southeastern Louisiana University', 160612],
    ['Florida State', 134097],
    ['Saint Petersburg College', 137078],
  ])('%s decides one school', (name, unitid) => {
    expect(unitidOf(name)).toBe(unitid);
  });

  it('a name two schools share never decides alone: the state does ("UNO"), or the candidates are listed', () => {
    const alone = index.resolve('UNO');
    expect(alone.school).toBeNull();
    expect(alone.ambiguous).toBe(true);
    expect(alone.candidates.map((candidate) => candidate.id).sort()).toEqual([159939, 181394]);
    expect(unitidOf('UNO', 'LA')).toBe(159939);
    expect(unitidOf('UNO', 'NE')).toBe(181394);
    expect(index.resolve('Tech').school).toBeNull();
    expect(unitidOf('Southeastern', 'LA')).toBe(160612);
  });
});

describe('every school in Crosswalk’s data is a directory row', () => {
  let wisconsinNames: string[] = [];
  beforeAll(async () => {
    const names = new Set<string>();
    let columns: number[] = [];
    for await (const record of csvRecords(files.file('equivalencies/wisconsin-transfer-rules.csv.gz').text())) {
      if (columns.length === 0) columns = ['source_university', 'target_university'].map((column) => record.indexOf(column));
      else for (const column of columns) if (record[column]) names.add(record[column]!);
    }
    wisconsinNames = [...names];
  });

  it('the demo’s schools, the catalogue and program sets’, Florida’s, Louisiana’s and Wisconsin’s', () => {
    const matrix = readLouisianaMatrix(files.file('louisiana/common-course-matrix.csv.gz').wholeText(), files.file('louisiana/common-course-pairs.csv.gz').wholeText());
    const named: Array<{ name: string; state: string | null }> = [
      ...DEMO_INSTITUTIONS.map((school) => ({ name: school.name, state: school.state })),
      ...[DELAWARE, OHIO_STATE, UW_MADISON, WILLIAM_AND_MARY].map((school) => ({ name: school.name, state: school.state })),
      ...FLORIDA_PUBLIC_SCHOOLS.map((school) => ({ name: school.name, state: 'FL' })),
      ...matrix.schools.map(louisianaSchool).map((school) => ({ name: school.name, state: school.state })),
      ...wisconsinNames.map((name) => ({ name, state: 'WI' })),
    ];
    // Not campuses of the 2020 directory: the UW Colleges' former branch campuses as one sending "school", and UW's
    // correspondence programme.
    const notSchools = new Set(['UW Branch Campus', 'UW-Independent Learning']);
    const unmatched = named.filter(({ name, state }) => !notSchools.has(name) && unitidOf(name, state) === null).map(({ name }) => name);
    expect(unmatched).toEqual([]);
    expect(named.length).toBeGreaterThan(110);
    expect(unitidOf('Louisiana State University (A&M, Baton Rouge)', 'LA')).toBe(159391);
    expect(unitidOf('Madison Area Tech. College', 'WI')).toBe(238263);
    expect(unitidOf('Western Tech. College', 'WI')).toBe(240170);
    expect(unitidOf('Miami University', 'OH')).toBe(204024);
    expect(unitidOf('The Ohio State University', 'OH')).toBe(204796);
  });
});

describe('schools in a sentence', () => {
  it.each([
    ['MATH 1550 from LSU to Southeastern Louisiana University', 159391, 160612, 'MATH 1550'],
    ['ENGL 1001 from Louisiana Tech to LSU', 159647, 159391, 'ENGL 1001'],
    ['intro biology from Madison College to UW-Madison', 238263, 240444, 'intro biology'],
    ['English comp from Delgado to UNO', 158662, 159939, 'English comp'],
    ['calculus 1 from Broward College to University of Florida', 132709, 134130, 'calculus 1'],
    ['I go to Valencia College and want to transfer to UCF', 138187, 132903, 'I go and want to transfer'],
  ])('%s', async (sentence, from, to, rest) => {
    const found = await index.schoolsInText(sentence);
    expect(found.from?.resolution.school?.id).toBe(from);
    expect(found.to?.resolution.school?.id).toBe(to);
    expect(found.rest).toBe(rest);
  });

  it('reads no school in words that only look like one, and names the candidates of a shared name', async () => {
    expect((await index.schoolsInText('asdf qwerty')).mentions).toEqual([]);
    expect((await index.schoolsInText('English composition in Texas')).mentions).toEqual([]);
    const uno = await index.schoolsInText('history to UNO');
    expect(uno.to?.resolution.school).toBeNull();
    expect(uno.to?.resolution.candidates.map((candidate) => candidate.id).sort()).toEqual([159939, 181394]);
  });
});
