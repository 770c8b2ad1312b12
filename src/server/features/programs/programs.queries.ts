/** SQL of the programs feature: programs and requirements, course attributes, exam credit rules and exam scores. */
import type { ExamType, ProgramKind, RequirementKind } from '../../../shared/schemas/programs';
import type { Queryable } from '../../db/client';
import type { RequirementSpec } from './engine/requirement-tree';

export interface ProgramRow {
  id: number;
  institution_id: number | null;
  institution_name: string | null;
  statewide: string | null;
  code: string;
  name: string;
  degree: string | null;
  catalog_year: string | null;
  total_credits: number | null;
  kind: ProgramKind;
  entering_from: string | null;
  entering_to: string | null;
  includes: string[];
  notes: string | null;
  data_note: string | null;
  source_url: string | null;
  content_hash: string;
  requirement_count: number;
}

const PROGRAM_COLUMNS = `p.id, p.institution_id, i.name as institution_name, trim(p.statewide) as statewide, p.code, p.name, p.degree,
  p.catalog_year, p.total_credits, p.kind, p.entering_from, p.entering_to, p.includes, p.notes, p.data_note, p.source_url,
  p.content_hash, (select count(*)::int from program_requirements r where r.program_id = p.id) as requirement_count`;

const PROGRAM_FROM = `programs p left join institutions i on i.id = p.institution_id`;

/** The school's own programs and the statewide ones it takes part in (Florida's core for Florida public schools). */
export async function listProgramsForSchool(db: Queryable, institutionId: number): Promise<ProgramRow[]> {
  return db.query<ProgramRow>(
    `select ${PROGRAM_COLUMNS} from ${PROGRAM_FROM}
      where p.institution_id = $1
         or (p.statewide = 'FL' and exists (select 1 from institutions s where s.id = $1 and s.florida_statewide_numbering))
      order by p.institution_id is null, p.kind = 'general-education', p.name, p.id`,
    [institutionId],
  );
}

export async function findProgramRow(db: Queryable, id: number): Promise<ProgramRow | null> {
  const [row] = await db.query<ProgramRow>(`select ${PROGRAM_COLUMNS} from ${PROGRAM_FROM} where p.id = $1`, [id]);
  return row ?? null;
}

/** Whether a program applies at a school: its own, or a statewide program of the school's state system. */
export async function programAppliesAt(db: Queryable, programId: number, institutionId: number): Promise<boolean> {
  const rows = await db.query(
    `select 1 from programs p where p.id = $1
        and (p.institution_id = $2
             or (p.statewide = 'FL' and exists (select 1 from institutions s where s.id = $2 and s.florida_statewide_numbering)))`,
    [programId, institutionId],
  );
  return rows.length > 0;
}

/** Programs of one scope by code ('OSU-ENG'), for what a program includes. */
export async function findProgramsByCode(db: Queryable, scopeKey: string, codes: string[]): Promise<ProgramRow[]> {
  if (codes.length === 0) return [];
  return db.query<ProgramRow>(`select ${PROGRAM_COLUMNS} from ${PROGRAM_FROM} where p.scope_key = $1 and p.code = any($2::text[])`, [scopeKey, codes]);
}

export async function searchProgramRows(db: Queryable, q: string | undefined, limit = 200): Promise<ProgramRow[]> {
  const pattern = q ? `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
  return db.query<ProgramRow>(
    `select ${PROGRAM_COLUMNS} from ${PROGRAM_FROM}
      where $1::text is null or lower(p.name) like $1 or lower(p.code) like $1 or lower(coalesce(i.name, '')) like $1
      order by coalesce(i.name, 'statewide ' || p.statewide), p.kind, p.name, p.id
      limit $2`,
    [pattern, limit],
  );
}

export interface ProgramUpdateFields {
  name?: string;
  degree?: string | null;
  catalogYear?: string | null;
  totalCredits?: number | null;
  kind?: ProgramKind;
  notes?: string | null;
  dataNote?: string | null;
}

const UPDATE_COLUMNS: Record<keyof ProgramUpdateFields, string> = {
  name: 'name',
  degree: 'degree',
  catalogYear: 'catalog_year',
  totalCredits: 'total_credits',
  kind: 'kind',
  notes: 'notes',
  dataNote: 'data_note',
};

/** Writes the given fields and the new content hash; false when there is no such program. */
export async function updateProgramRow(db: Queryable, id: number, fields: ProgramUpdateFields, contentHash: string): Promise<boolean> {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined) as Array<[keyof ProgramUpdateFields, unknown]>;
  const sets = entries.map(([field], index) => `${UPDATE_COLUMNS[field]} = $${index + 3}`);
  const rows = await db.query(
    `update programs set ${[...sets, 'content_hash = $2', 'updated_at = now()'].join(', ')} where id = $1 returning id`,
    [id, contentHash, ...entries.map(([, value]) => value)],
  );
  return rows.length > 0;
}

export interface RequirementRow {
  id: number;
  program_id: number;
  code: string;
  parent_code: string | null;
  position: number;
  name: string;
  kind: RequirementKind;
  group_rule: 'all' | 'n-of' | null;
  children_required: number | null;
  min_courses: number | null;
  min_credits: number | null;
  max_credits: number | null;
  options: string[];
  min_grade: string | null;
  double_count: boolean;
  exam_credit: boolean;
  notes: string | null;
  doubtful: string | null;
  content_hash: string;
}

export async function listRequirementRows(db: Queryable, programIds: number[]): Promise<RequirementRow[]> {
  if (programIds.length === 0) return [];
  return db.query<RequirementRow>(
    `select r.id, r.program_id, r.code, parent.code as parent_code, r.position, r.name, r.kind, r.group_rule, r.children_required,
            r.min_courses, r.min_credits, r.max_credits, r.options, r.min_grade, r.double_count, r.exam_credit, r.notes, r.doubtful, r.content_hash
       from program_requirements r left join program_requirements parent on parent.id = r.parent_id
      where r.program_id = any($1::int[])
      order by r.program_id, r.position`,
    [programIds],
  );
}

export const requirementSpecOf = (row: RequirementRow): RequirementSpec => ({
  code: row.code,
  parentCode: row.parent_code,
  name: row.name,
  kind: row.kind,
  groupRule: row.group_rule,
  childrenRequired: row.children_required,
  minCourses: row.min_courses,
  minCredits: row.min_credits === null ? null : Number(row.min_credits),
  maxCredits: row.max_credits === null ? null : Number(row.max_credits),
  options: row.options,
  minGrade: row.min_grade,
  doubleCount: row.double_count,
  examCredit: row.exam_credit,
  notes: row.notes,
  doubtful: row.doubtful,
});

/** The attributes a school puts on these courses, by the database's code key. */
export async function loadCourseAttributes(db: Queryable, institutionId: number, codeKeys: string[]): Promise<Map<string, Set<string>>> {
  const map = new Map<string, Set<string>>();
  if (codeKeys.length === 0) return map;
  const rows = await db.query<{ code_key: string; attribute: string }>(
    `select code_key, attribute from course_attributes where institution_id = $1 and code_key = any($2::text[])`,
    [institutionId, codeKeys],
  );
  for (const row of rows) {
    const set = map.get(row.code_key) ?? new Set<string>();
    set.add(row.attribute.toUpperCase());
    map.set(row.code_key, set);
  }
  return map;
}

/** Every attribute the school puts on any of its courses (upper case). */
export async function listSchoolAttributes(db: Queryable, institutionId: number): Promise<Set<string>> {
  const rows = await db.query<{ attribute: string }>(`select distinct attribute from course_attributes where institution_id = $1`, [institutionId]);
  return new Set(rows.map((row) => row.attribute.toUpperCase()));
}

export interface ExamRuleRow {
  id: number;
  institution_id: number;
  institution_name: string;
  exam_type: ExamType;
  exam: string;
  min_score: number;
  credits: number;
  courses: string[];
  notes: string | null;
  doubtful: string | null;
  content_hash: string;
}

const EXAM_RULE_COLUMNS = `e.id, e.institution_id, i.name as institution_name, e.exam_type, e.exam, e.min_score, e.credits, e.courses, e.notes, e.doubtful, e.content_hash`;

/** A school's rules for the exams a student took (matched by type and name, without case). */
export async function loadExamRules(db: Queryable, institutionId: number, exams: Array<{ examType: ExamType; examKey: string }>): Promise<ExamRuleRow[]> {
  if (exams.length === 0) return [];
  return db.query<ExamRuleRow>(
    `select ${EXAM_RULE_COLUMNS} from exam_credit_rules e join institutions i on i.id = e.institution_id
      where e.institution_id = $1 and (e.exam_type || '|' || e.exam_key) = any($2::text[])
      order by e.exam_type, e.exam_key, e.min_score`,
    [institutionId, exams.map((exam) => `${exam.examType}|${exam.examKey}`)],
  );
}

/** Every exam some school gives credit for, for the student's list to choose from. */
export async function listExamCatalog(db: Queryable): Promise<Array<{ exam_type: ExamType; exam: string }>> {
  return db.query(
    `select distinct on (exam_type, exam_key) exam_type, exam from exam_credit_rules order by exam_type, exam_key, exam`,
  );
}

export interface ExamScoreRow {
  id: string;
  exam_type: ExamType;
  exam: string;
  score: number;
}

export async function listExamScoreRows(db: Queryable, userId: string): Promise<ExamScoreRow[]> {
  return db.query<ExamScoreRow>(`select id, exam_type, exam, score from student_exam_scores where user_id = $1 order by created_at, exam_type, exam`, [userId]);
}

/** Replaces the student's list with this one (a repeated exam keeps its last score). */
export async function replaceExamScoreRows(db: Queryable, userId: string, scores: Array<{ examType: ExamType; exam: string; score: number }>): Promise<void> {
  await db.query(`delete from student_exam_scores where user_id = $1`, [userId]);
  if (scores.length === 0) return;
  await db.query(
    `insert into student_exam_scores (user_id, exam_type, exam, score)
     select $1, t.exam_type, t.exam, t.score from unnest($2::text[], $3::text[], $4::numeric[]) with ordinality as t(exam_type, exam, score, n)
     order by t.n
     on conflict (user_id, exam_type, exam_key) do update set score = excluded.score`,
    [userId, scores.map((score) => score.examType), scores.map((score) => score.exam), scores.map((score) => score.score)],
  );
}

