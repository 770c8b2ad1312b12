/**
 * "The same course" has one rule: codeKey() (the catalogue's course-code.ts). The database generates its code_key columns
 * (courses, equivalency_rule_sources, transcript_rows, appeals) in SQL; this holds every one of them to codeKey() on
 * both databases, so a lookup by a key the server computed finds what the database stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeKey, codeKeySql } from '../../src/server/features/catalogue';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const codes: Array<[string, string]> = [
  ['ECO', '2013'],
  ['eco', '2013H'],
  ['E C E', '252'],
  ['SOCSCI', '(809) 122'],
  ['MATH', '1110.01'],
  ['ACCT', '***'],
  ['ENGL', '2000NE'],
  ['BIOS', '101L & BIOL'],
  ['MAT-', '0018'],
  ['NDC', ''],
  ['Économie', '1'],
  ['İST', '101'],
  ['ß', '2'],
];

describe('the generated code_key columns', () => {
  it('are the columns the rule names, and each gives codeKey() for every spelling', async () => {
    const columns = await t.deps.db.query<{ table_name: string; generation_expression: string }>(
      `select table_name, generation_expression from information_schema.columns
        where column_name = 'code_key' and is_generated = 'ALWAYS' and table_schema = current_schema() order by table_name`,
    );
    expect(columns.map((column) => column.table_name)).toEqual(['appeals', 'courses', 'equivalency_rule_sources', 'transcript_rows']);
    for (const column of columns) {
      const rows = await t.deps.db.query<{ key: string }>(
        `select ${column.generation_expression} as key from unnest($1::text[], $2::text[]) with ordinality as v(subject, number, n) order by n`,
        [codes.map(([subject]) => subject), codes.map(([, number]) => number)],
      );
      expect({ table: column.table_name, keys: rows.map((row) => row.key) }).toEqual({
        table: column.table_name,
        keys: codes.map(([subject, number]) => codeKey({ subject, number })),
      });
    }
  });

  it('have the same rule in the SQL queries write for columns without one (codeKeySql: a rule\'s targets)', async () => {
    const rows = await t.deps.db.query<{ key: string }>(
      `select ${codeKeySql('v.subject', 'v.number')} as key from unnest($1::text[], $2::text[]) with ordinality as v(subject, number, n) order by n`,
      [codes.map(([subject]) => subject), codes.map(([, number]) => number)],
    );
    expect(rows.map((row) => row.key)).toEqual(codes.map(([subject, number]) => codeKey({ subject, number })));
  });
});
