/** SQL of the programs CSV import and export. Every write runs inside the import's one transaction. */
import type { Queryable } from '../../db/client';
import { codeKey } from '../catalogue';
import type { ExamCreditRule } from './engine/exam-credit';
import type { RequirementSpec } from './engine/requirement-tree';
import type { ProgramContent } from './program-identity';

/** Serialises program imports (their classification reads what an earlier import may be writing). */
export async function lockProgramImports(tx: Queryable): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(727302)');
}

export interface ProgramScope {
  institutionId: number | null;
  statewide: string | null;
}

export const scopeKeyOf = (scope: ProgramScope) => (scope.institutionId !== null ? String(scope.institutionId) : `statewide:${scope.statewide}`);

export async function findProgramIdentity(tx: Queryable, scope: ProgramScope, code: string): Promise<{ id: number; content_hash: string } | null> {
  const [row] = await tx.query<{ id: number; content_hash: string }>(`select id, content_hash from programs where scope_key = $1 and code = $2`, [scopeKeyOf(scope), code]);
  return row ?? null;
}

const programValues = (program: ProgramContent) => [
  program.name,
  program.degree,
  program.catalogYear,
  program.totalCredits,
  program.kind,
  program.enteringFrom,
  program.enteringTo,
  program.includes,
  program.notes,
  program.dataNote,
  program.sourceUrl,
];

export async function insertProgram(tx: Queryable, scope: ProgramScope, program: ProgramContent, contentHash: string): Promise<void> {
  await tx.query(
    `insert into programs (institution_id, statewide, code, name, degree, catalog_year, total_credits, kind, entering_from, entering_to, includes,
                           notes, data_note, source_url, content_hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [scope.institutionId, scope.statewide, program.code, ...programValues(program), contentHash],
  );
}

export async function updateProgram(tx: Queryable, id: number, program: ProgramContent, contentHash: string): Promise<void> {
  await tx.query(
    `update programs set name = $2, degree = $3, catalog_year = $4, total_credits = $5, kind = $6, entering_from = $7, entering_to = $8,
                         includes = $9, notes = $10, data_note = $11, source_url = $12, content_hash = $13, updated_at = now()
      where id = $1`,
    [id, ...programValues(program), contentHash],
  );
}

/** Codes among `codes` that no program of the scope has. */
export async function missingProgramCodes(tx: Queryable, scope: ProgramScope, codes: string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await tx.query<{ code: string }>(`select code from programs where scope_key = $1 and code = any($2::text[])`, [scopeKeyOf(scope), codes]);
  const found = new Set(rows.map((row) => row.code));
  return codes.filter((code) => !found.has(code));
}

export async function listRequirementHashes(tx: Queryable, programId: number): Promise<Map<string, string>> {
  const rows = await tx.query<{ code: string; content_hash: string }>(`select code, content_hash from program_requirements where program_id = $1`, [programId]);
  return new Map(rows.map((row) => [row.code, row.content_hash]));
}

/** The program's whole requirement list becomes these rows, in this order. */
export async function replaceRequirements(tx: Queryable, programId: number, rows: Array<{ spec: RequirementSpec; contentHash: string }>): Promise<void> {
  await tx.query(`delete from program_requirements where program_id = $1`, [programId]);
  if (rows.length === 0) return;
  const column = <T>(pick: (row: { spec: RequirementSpec; contentHash: string }, index: number) => T) => rows.map(pick);
  await tx.query(
    `insert into program_requirements (program_id, code, position, name, kind, group_rule, children_required, min_courses, min_credits, max_credits,
                                       options, min_grade, double_count, exam_credit, notes, doubtful, content_hash)
     select $1, t.code, t.position, t.name, t.kind, t.group_rule, t.children_required, t.min_courses, t.min_credits, t.max_credits,
            coalesce((select array_agg(value order by ordinality) from json_array_elements_text(t.options::json) with ordinality), '{}'),
            t.min_grade, t.double_count, t.exam_credit, t.notes, t.doubtful, t.content_hash
       from unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::int[], $8::int[], $9::numeric[], $10::numeric[], $11::text[],
                   $12::text[], $13::boolean[], $14::boolean[], $15::text[], $16::text[], $17::text[])
            as t(code, position, name, kind, group_rule, children_required, min_courses, min_credits, max_credits, options, min_grade,
                 double_count, exam_credit, notes, doubtful, content_hash)`,
    [
      programId,
      column((row) => row.spec.code),
      column((_, index) => index),
      column((row) => row.spec.name),
      column((row) => row.spec.kind),
      column((row) => row.spec.groupRule),
      column((row) => row.spec.childrenRequired),
      column((row) => row.spec.minCourses),
      column((row) => row.spec.minCredits),
      column((row) => row.spec.maxCredits),
      column((row) => JSON.stringify(row.spec.options)),
      column((row) => row.spec.minGrade),
      column((row) => row.spec.doubleCount),
      column((row) => row.spec.examCredit),
      column((row) => row.spec.notes),
      column((row) => row.spec.doubtful),
      column((row) => row.contentHash),
    ],
  );
  const parents = rows.filter((row) => row.spec.parentCode !== null);
  if (parents.length === 0) return;
  await tx.query(
    `update program_requirements child set parent_id = parent.id
       from unnest($2::text[], $3::text[]) as t(code, parent_code), program_requirements parent
      where child.program_id = $1 and child.code = t.code and parent.program_id = $1 and parent.code = t.parent_code`,
    [programId, parents.map((row) => row.spec.code), parents.map((row) => row.spec.parentCode)],
  );
}

/** The stored attribute sets of these courses at a school, by code key. */
export async function loadAttributeSets(tx: Queryable, institutionId: number, codeKeys: string[]): Promise<Map<string, string[]>> {
  const rows = await tx.query<{ code_key: string; attributes: string[] }>(
    `select code_key, array_agg(attribute order by attribute) as attributes from course_attributes
      where institution_id = $1 and code_key = any($2::text[]) group by code_key`,
    [institutionId, codeKeys],
  );
  return new Map(rows.map((row) => [row.code_key, row.attributes]));
}

export async function replaceAttributes(tx: Queryable, institutionId: number, courses: Array<{ subject: string; number: string; attributes: string[] }>): Promise<void> {
  if (courses.length === 0) return;
  await tx.query(`delete from course_attributes where institution_id = $1 and code_key = any($2::text[])`, [
    institutionId,
    courses.map((course) => codeKey(course)),
  ]);
  const flat = courses.flatMap((course) => course.attributes.map((attribute) => ({ ...course, attribute })));
  if (flat.length === 0) return;
  await tx.query(
    `insert into course_attributes (institution_id, code_key, subject, number, attribute)
     select $1, t.code_key, t.subject, t.number, t.attribute from unnest($2::text[], $3::text[], $4::text[], $5::text[]) as t(code_key, subject, number, attribute)
     on conflict do nothing`,
    [institutionId, flat.map((row) => codeKey(row)), flat.map((row) => row.subject), flat.map((row) => row.number), flat.map((row) => row.attribute)],
  );
}

/** Stored rules of these exams at a school: minimum score -> content hash, by "TYPE|exam key". */
export async function loadExamRuleHashes(tx: Queryable, institutionId: number, examKeys: string[]): Promise<Map<string, Map<number, string>>> {
  const rows = await tx.query<{ key: string; min_score: number; content_hash: string }>(
    `select exam_type || '|' || exam_key as key, min_score, content_hash from exam_credit_rules
      where institution_id = $1 and (exam_type || '|' || exam_key) = any($2::text[])`,
    [institutionId, examKeys],
  );
  const map = new Map<string, Map<number, string>>();
  for (const row of rows) {
    const scores = map.get(row.key) ?? new Map<number, string>();
    scores.set(Number(row.min_score), row.content_hash);
    map.set(row.key, scores);
  }
  return map;
}

export type ExamRuleWrite = ExamCreditRule & { contentHash: string };

/** The score tables of these exams at a school become these rules. */
export async function replaceExamRules(tx: Queryable, institutionId: number, examKeys: string[], rules: ExamRuleWrite[]): Promise<void> {
  await tx.query(`delete from exam_credit_rules where institution_id = $1 and (exam_type || '|' || exam_key) = any($2::text[])`, [institutionId, examKeys]);
  if (rules.length === 0) return;
  await tx.query(
    `insert into exam_credit_rules (institution_id, exam_type, exam, min_score, credits, courses, notes, doubtful, content_hash)
     select $1, t.exam_type, t.exam, t.min_score, t.credits,
            coalesce((select array_agg(value order by ordinality) from json_array_elements_text(t.courses::json) with ordinality), '{}'),
            t.notes, t.doubtful, t.content_hash
       from unnest($2::text[], $3::text[], $4::numeric[], $5::numeric[], $6::text[], $7::text[], $8::text[], $9::text[])
            as t(exam_type, exam, min_score, credits, courses, notes, doubtful, content_hash)`,
    [
      institutionId,
      rules.map((rule) => rule.examType),
      rules.map((rule) => rule.exam),
      rules.map((rule) => rule.minScore),
      rules.map((rule) => rule.credits),
      rules.map((rule) => JSON.stringify(rule.courses)),
      rules.map((rule) => rule.notes),
      rules.map((rule) => rule.doubtful),
      rules.map((rule) => rule.contentHash),
    ],
  );
}

export interface ExportProgramRow {
  id: number;
  school: string;
  code: string;
  name: string;
  degree: string | null;
  catalog_year: string | null;
  total_credits: number | null;
  kind: string;
  entering_from: string | null;
  entering_to: string | null;
  includes: string[];
  notes: string | null;
  data_note: string | null;
  source_url: string | null;
}

/** `school` is the school's name, or 'statewide:FL': what the import reads back. */
const SCHOOL_OF_PROGRAM = `coalesce(i.name, 'statewide:' || trim(p.statewide))`;

export async function listProgramsForExport(db: Queryable): Promise<ExportProgramRow[]> {
  return db.query<ExportProgramRow>(
    `select p.id, ${SCHOOL_OF_PROGRAM} as school, p.code, p.name, p.degree, p.catalog_year, p.total_credits, p.kind, p.entering_from, p.entering_to,
            p.includes, p.notes, p.data_note, p.source_url
       from programs p left join institutions i on i.id = p.institution_id order by school, p.code`,
  );
}

export async function listAttributesForExport(db: Queryable): Promise<Array<{ school: string; subject: string; number: string; attributes: string[] }>> {
  return db.query(
    `select i.name as school, a.subject, a.number, array_agg(a.attribute order by a.attribute) as attributes
       from course_attributes a join institutions i on i.id = a.institution_id
      group by i.name, a.institution_id, a.code_key, a.subject, a.number
      order by i.name, a.subject, a.number`,
  );
}

export async function listExamRulesForExport(
  db: Queryable,
): Promise<Array<{ school: string; exam_type: string; exam: string; min_score: number; credits: number; courses: string[]; notes: string | null; doubtful: string | null }>> {
  return db.query(
    `select i.name as school, e.exam_type, e.exam, e.min_score, e.credits, e.courses, e.notes, e.doubtful
       from exam_credit_rules e join institutions i on i.id = e.institution_id
      order by i.name, e.exam_type, e.exam_key, e.min_score`,
  );
}
