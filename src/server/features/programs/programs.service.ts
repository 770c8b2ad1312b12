/**
 * The programs feature's verbs: the programs a school offers, a program's requirements, a student's exam scores, and
 * degree progress — for a transcript the student may read, each course's transfer decided by the equivalency engine
 * (decideForCourses, the function the transcript report uses), then placed into the chosen program's requirements.
 */
import type {
  DegreeCompareResponse,
  DegreeProgress,
  DegreeProgressResponse,
  ExamCatalogEntry,
  ExamScore,
  ExamType,
  ProgramDetail,
  ProgramListResponse,
  ProgramRequirementRecord,
  ProgramSummary,
  ProgramUpdate,
} from '../../../shared/schemas/programs';
import { recordAudit } from '../../audit/audit-log';
import type { Database, Queryable } from '../../db/client';
import { conflict, DomainError, notFound, type DomainErrorKind } from '../../domain-errors';
import { codeKey, splitCourseCode } from '../catalogue';
import {
  decideFromUnknownSchool,
  decideForCourses,
  findRuleGeneralEducationCodes,
  listGeneralEducationCodesInto,
  type AcademicCalendar,
  type EquivalencyDecision,
} from '../equivalencies';
import { findInstitution, findInstitutionById, loadInstitutions } from '../institutions';
import { engineCourseOf, findTranscriptForReader, listTranscriptCourseRows, takenCourseOf, UNKNOWN_SCHOOL_REASON, type TakenCourse } from '../transcripts';
import { describeCoursePattern, parseCoursePattern } from './engine/course-patterns';
import { evaluateDegreeProgress } from './engine/degree-progress';
import { awardExamCredit, examKey } from './engine/exam-credit';
import { buildRequirementTree, programGroup, type RequirementNode } from './engine/requirement-tree';
import { attributesNamedIn, ruleCodeReader } from './engine/rule-attributes';
import { suggestProgram } from './engine/suggest-program';
import { programContentHash } from './program-identity';
import * as q from './programs.queries';

const programNotFound = (message = 'No such program.') => notFound(message);
/** A problem with one request field whose message already names it ("school: …"). */
const fieldProblem = (kind: DomainErrorKind, field: string, message: string) => new DomainError(kind, message, { fields: [{ field, message }] });

export interface ProgramsActor {
  id: string | null;
  email: string | null;
  ipAddress?: string;
}

const toNumber = (value: number | string | null) => (value === null ? null : Number(value));

export function presentProgramSummary(row: q.ProgramRow): ProgramSummary {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    degree: row.degree,
    catalogYear: row.catalog_year,
    totalCredits: toNumber(row.total_credits),
    kind: row.kind,
    school: row.institution_id !== null ? { id: row.institution_id, name: row.institution_name ?? '' } : null,
    statewide: row.statewide,
    enteringFrom: row.entering_from,
    enteringTo: row.entering_to,
    includes: row.includes,
    dataNote: row.data_note,
    requirementCount: row.requirement_count,
  };
}

function presentRequirement(row: q.RequirementRow): ProgramRequirementRecord {
  const spec = q.requirementSpecOf(row);
  return {
    code: spec.code,
    parentCode: spec.parentCode,
    name: spec.name,
    kind: spec.kind,
    groupRule: spec.groupRule,
    childrenRequired: spec.childrenRequired,
    minCourses: spec.minCourses,
    minCredits: spec.minCredits,
    maxCredits: spec.maxCredits,
    options: spec.options,
    optionsText: spec.options.map((option) => {
      const parsed = parseCoursePattern(option);
      return 'pattern' in parsed ? describeCoursePattern(parsed.pattern) : option;
    }),
    minGrade: spec.minGrade,
    doubleCount: spec.doubleCount,
    examCredit: spec.examCredit,
    notes: spec.notes,
    doubtful: spec.doubtful,
  };
}

/** A school's programs for one of the student's transcripts: the one shown first follows the terms on it. */
export async function listProgramsForTranscript({ db, userId, transcriptId, school, major }: { db: Queryable; userId: string; transcriptId: string; school: string; major?: string }): Promise<ProgramListResponse> {
  const transcript = await loadOwnTranscript(db, userId, transcriptId);
  const terms = [...new Set(transcript.rows.map((row) => row.term).filter((term): term is string => Boolean(term)))];
  return listSchoolPrograms({ db, school, major, terms });
}

/** A school by id, key, name or alias. */
async function resolveSchool(db: Queryable, school: string | number, field = 'school'): Promise<{ id: number; name: string }> {
  if (typeof school === 'number' || /^\d{1,10}$/.test(school)) {
    const row = await findInstitutionById(db, Number(school));
    if (row) return { id: row.id, name: row.name };
  } else {
    const found = await findInstitution(db, school);
    if (found) return { id: found.id, name: found.name };
  }
  throw fieldProblem('not_found', field, `${field}: we do not know the school "${school}".`);
}

export async function listSchoolPrograms({ db, school, major, terms }: { db: Queryable; school: string; major?: string; terms?: string[] }): Promise<ProgramListResponse> {
  const found = await resolveSchool(db, school);
  const programs = (await q.listProgramsForSchool(db, found.id)).map(presentProgramSummary);
  const suggestion = suggestProgram(programs, { major, terms });
  return { school: found, programs, suggestedProgramId: suggestion?.id ?? null, suggestedBecause: suggestion?.because ?? null };
}

export async function getProgram({ db, id }: { db: Queryable; id: number }): Promise<ProgramDetail> {
  const row = await q.findProgramRow(db, id);
  if (!row) throw programNotFound();
  const requirements = await q.listRequirementRows(db, [row.id]);
  return { ...presentProgramSummary(row), notes: row.notes, sourceUrl: row.source_url, requirements: requirements.map(presentRequirement) };
}

export async function searchPrograms({ db, q: search }: { db: Queryable; q?: string }): Promise<ProgramSummary[]> {
  return (await q.searchProgramRows(db, search)).map(presentProgramSummary);
}

/** An admin's edit of a program's own fields, with its audit row in the same transaction. */
export async function changeProgram({ db, id, input, actor }: { db: Database; id: number; input: ProgramUpdate; actor: ProgramsActor }): Promise<ProgramDetail> {
  await db.transaction(async (tx) => {
    const before = await q.findProgramRow(tx, id);
    if (!before) throw programNotFound();
    const fields: q.ProgramUpdateFields = {
      name: input.name,
      degree: input.degree,
      catalogYear: input.catalogYear,
      totalCredits: input.totalCredits,
      kind: input.kind,
      notes: input.notes,
      dataNote: input.dataNote,
    };
    const after = {
      code: before.code,
      name: fields.name ?? before.name,
      degree: fields.degree === undefined ? before.degree : fields.degree,
      catalogYear: fields.catalogYear === undefined ? before.catalog_year : fields.catalogYear,
      totalCredits: fields.totalCredits === undefined ? toNumber(before.total_credits) : fields.totalCredits,
      kind: fields.kind ?? before.kind,
      enteringFrom: before.entering_from,
      enteringTo: before.entering_to,
      includes: before.includes,
      notes: fields.notes === undefined ? before.notes : fields.notes,
      dataNote: fields.dataNote === undefined ? before.data_note : fields.dataNote,
      sourceUrl: before.source_url,
    };
    await q.updateProgramRow(tx, id, fields, programContentHash(after));
    await recordAudit(tx, {
      actor: { id: actor.id, email: actor.email },
      action: 'program_updated',
      subjectType: 'program',
      subjectId: String(id),
      details: { code: before.code, changed: Object.keys(input) },
      ipAddress: actor.ipAddress,
    });
  });
  return getProgram({ db, id });
}

/** The program's requirements with those of every program it includes (a major's college GE, the university's). */
async function loadProgramTree(db: Queryable, program: q.ProgramRow): Promise<RequirementNode[]> {
  const scopeKey = program.institution_id !== null ? String(program.institution_id) : `statewide:${program.statewide}`;
  const programs: q.ProgramRow[] = [program];
  const seen = new Set([program.code]);
  for (let index = 0; index < programs.length; index += 1) {
    const wanted = programs[index]!.includes.filter((code) => !seen.has(code));
    wanted.forEach((code) => seen.add(code));
    programs.push(...(await q.findProgramsByCode(db, scopeKey, wanted)));
  }
  const rows = await q.listRequirementRows(db, programs.map((row) => row.id));
  const rootsOf = (programId: number) => buildRequirementTree(rows.filter((row) => row.program_id === programId).map(q.requirementSpecOf));
  const [own, ...included] = programs;
  return [
    ...rootsOf(own!.id),
    ...included.map((row) => programGroup({ id: row.code, name: row.name, kind: row.kind === 'general-education' ? 'gen_ed' : 'major', roots: rootsOf(row.id) })),
  ];
}

export async function getExamScores({ db, userId }: { db: Queryable; userId: string }): Promise<ExamScore[]> {
  return (await q.listExamScoreRows(db, userId)).map((row) => ({ id: row.id, examType: row.exam_type, exam: row.exam, score: Number(row.score) }));
}

export async function saveExamScores({ db, userId, scores }: { db: Database; userId: string; scores: Array<{ examType: ExamType; exam: string; score: number }> }): Promise<ExamScore[]> {
  await db.transaction((tx) => q.replaceExamScoreRows(tx, userId, scores));
  return getExamScores({ db, userId });
}

export async function getExamCatalog({ db }: { db: Queryable }): Promise<ExamCatalogEntry[]> {
  return (await q.listExamCatalog(db)).map((row) => ({ examType: row.exam_type, exam: row.exam }));
}

interface ReadableTranscript {
  id: string;
  name: string;
  fromSchoolId: number | null;
  fromSchool: string | null;
  /** The school it was analysed for. */
  toSchoolId: number | null;
  /** Quarter or semester credits, as the transcript's report was decided (issue 36). */
  fromCalendar: AcademicCalendar | null;
  rows: TakenCourse[];
}

/** The student's own transcript (the transcript read policy decides; anyone else's is not found) and its rows. */
async function loadOwnTranscript(db: Queryable, userId: string, transcriptId: string): Promise<ReadableTranscript> {
  const transcript = await findTranscriptForReader(db, transcriptId, { userId, isAdmin: false, visitorTokenHash: null });
  if (transcript.status !== 'done') throw conflict('This transcript has not been analysed yet. Analyze it first, then check your degree progress.');
  return {
    id: transcript.id,
    name: transcript.file_name,
    fromSchoolId: transcript.detected_institution_id,
    fromSchool: transcript.detected_institution_name,
    toSchoolId: transcript.to_institution_id,
    fromCalendar: transcript.credit_calendar,
    rows: (await listTranscriptCourseRows(db, [transcript.id])).map(takenCourseOf),
  };
}

async function progressAt(db: Queryable, input: { transcript: ReadableTranscript; schoolId: number; program: q.ProgramRow; userId: string }): Promise<DegreeProgress> {
  const scores = await q.listExamScoreRows(db, input.userId);
  return degreeProgressForCourses(db, {
    fromSchoolId: input.transcript.fromSchoolId,
    fromCalendar: input.transcript.fromCalendar,
    schoolId: input.schoolId,
    program: input.program,
    rows: input.transcript.rows,
    examScores: scores.map((score) => ({ examType: score.exam_type, exam: score.exam, score: Number(score.score) })),
  });
}

/**
 * Degree progress of courses (transcript rows) and exam scores in a program at a school. Each course's transfer is
 * decided first by the equivalency engine (decideForCourses, as the transcript report does) unless the caller has
 * just done so and passes its decisions, then placed into the program's requirements.
 */
export async function degreeProgressForCourses(
  db: Queryable,
  input: {
    fromSchoolId: number | null;
    /** The calendar the courses' credits are counted in, when the transcript says (else the school's). */
    fromCalendar?: AcademicCalendar | null;
    schoolId: number;
    program: q.ProgramRow;
    /** The transcript's courses (stored rows through takenCourseOf, or rows the reader has just read). */
    rows: TakenCourse[];
    examScores: Array<{ examType: ExamType; exam: string; score: number }>;
    decisions?: EquivalencyDecision[];
  },
): Promise<DegreeProgress> {
  const { program, rows } = input;
  const school = await resolveSchool(db, input.schoolId, 'target');
  if (!(await q.programAppliesAt(db, program.id, school.id))) {
    throw fieldProblem('invalid', 'program', `program: ${program.name} is not a program of ${school.name}.`);
  }
  const courses = rows.map(engineCourseOf);
  const decide = async (): Promise<EquivalencyDecision[]> => {
    if (input.decisions) return input.decisions;
    // A school we do not know: only the course and its grade decide (the engine's one rule), as in the transcript's
    // report; its credits still count in the destination's units when the transcript's calendar is known.
    if (input.fromSchoolId === null || rows.length === 0) {
      const destination = input.fromCalendar ? (await loadInstitutions(db, [school.id])).get(school.id) : undefined;
      const calendars = input.fromCalendar && destination ? { from: input.fromCalendar, to: destination.calendar } : null;
      return rows.map((_, index) => decideFromUnknownSchool(courses[index]!, UNKNOWN_SCHOOL_REASON, calendars));
    }
    return (await decideForCourses(db, { fromInstitutionId: input.fromSchoolId, toInstitutionId: school.id, courses, withSuggestions: false, fromCalendar: input.fromCalendar ?? null })).decisions;
  };
  const examCredit = async () => {
    const rules = await q.loadExamRules(db, school.id, input.examScores.map((score) => ({ examType: score.examType, examKey: examKey(score.exam) })));
    return awardExamCredit(
      input.examScores,
      rules.map((rule) => ({ examType: rule.exam_type, exam: rule.exam, minScore: Number(rule.min_score), credits: Number(rule.credits), courses: rule.courses, notes: rule.notes, doubtful: rule.doubtful })),
      school.name,
    );
  };
  // Independent reads go together (on PostgreSQL they run at once; the embedded database takes them in turn).
  const [decisions, roots, exams] = await Promise.all([decide(), loadProgramTree(db, program), examCredit()]);
  const destinationCodes = [
    ...decisions.flatMap((decision) => decision.targets),
    ...exams.flatMap((award) => award.rule?.courses.map((code) => splitCourseCode(code)).filter((code) => code !== null) ?? []),
  ];
  const ruleIds = [...new Set(decisions.flatMap((decision) => (decision.status === 'DIRECT' && decision.evidence.ruleId !== null ? [decision.evidence.ruleId] : [])))];
  const [attributes, courseAttributes, ruleCodes, codesIntoSchool] = await Promise.all([
    q.loadCourseAttributes(db, school.id, [...new Set(destinationCodes.map((code) => codeKey(code)))]),
    q.listSchoolAttributes(db, school.id),
    findRuleGeneralEducationCodes(db, ruleIds),
    listGeneralEducationCodesInto(db, school.id),
  ]);
  // The general-education codes transfer rules state, read as the school's own attributes (rule-attributes.ts); an
  // option naming a code the rules into the school state can be checked, as one naming a course attribute can.
  const readRuleCodes = ruleCodeReader([...courseAttributes, ...attributesNamedIn(roots)]);
  const knownAttributes = new Set([...courseAttributes, ...readRuleCodes(codesIntoSchool)]);
  const report = evaluateDegreeProgress({
    schoolName: school.name,
    programName: program.name,
    roots,
    totalCredits: toNumber(program.total_credits),
    courses: rows.map((row, index) => ({
      code: `${row.subject} ${row.number}`,
      title: row.title,
      // What the course is worth, as the report and Compare count it (a failed course's 0 earned is still its credits lost).
      credits: row.credits,
      grade: courses[index]!.grade ?? null,
      decision: decisions[index]!,
      ruleAttributes: readRuleCodes(ruleCodes.get(decisions[index]!.evidence.ruleId ?? -1) ?? []),
    })),
    exams,
    attributesOf: (course) => attributes.get(codeKey(course)) ?? new Set(),
    knownAttributes,
  });
  return { school, program: presentProgramSummary(program), ...report };
}

/** A program of a school (its own or its state's) by code, as `npm run analyze -- --program CODE` names it. */
export async function findSchoolProgram(db: Queryable, input: { schoolId: number; code: string }): Promise<q.ProgramRow> {
  const programs = await q.listProgramsForSchool(db, input.schoolId);
  const found = programs.find((program) => program.code === input.code.trim().toUpperCase());
  if (!found) {
    throw fieldProblem('not_found', 'program', `no program ${input.code} at this school; its programs are ${programs.map((program) => program.code).join(', ') || 'none'}.`);
  }
  return found;
}


const transcriptInfo = (transcript: ReadableTranscript) => ({ id: transcript.id, name: transcript.name, fromSchool: transcript.fromSchool });

/** Degree progress of one of the student's transcripts in a program, at the school the program belongs to (or, for a statewide program, at the transcript's destination). */
export async function getDegreeProgress({
  db,
  userId,
  transcriptId,
  programId,
  schoolId,
}: {
  db: Queryable;
  userId: string;
  transcriptId: string;
  programId: number;
  schoolId?: number;
}): Promise<DegreeProgressResponse> {
  const [transcript, program] = await Promise.all([loadOwnTranscript(db, userId, transcriptId), q.findProgramRow(db, programId)]);
  if (!program) throw programNotFound();
  const destination = schoolId ?? program.institution_id ?? transcript.toSchoolId;
  if (destination === null) throw fieldProblem('invalid', 'school', 'school: this program is statewide; say which school to check it at.');
  const progress = await progressAt(db, { transcript, schoolId: destination, program, userId });
  return { transcript: transcriptInfo(transcript), progress };
}

/** The same courses at two or three schools (or programs), side by side. */
export async function compareDegreeProgress({
  db,
  userId,
  transcriptId,
  targets,
}: {
  db: Queryable;
  userId: string;
  transcriptId: string;
  targets: Array<{ schoolId: number; programId: number }>;
}): Promise<DegreeCompareResponse> {
  const transcript = await loadOwnTranscript(db, userId, transcriptId);
  const columns: DegreeProgress[] = [];
  for (const target of targets) {
    const program = await q.findProgramRow(db, target.programId);
    if (!program) throw programNotFound(`target: no program ${target.programId}.`);
    columns.push(await progressAt(db, { transcript, schoolId: target.schoolId, program, userId }));
  }
  return { transcript: transcriptInfo(transcript), columns };
}

/**
 * The school's program named like the student's intended major (the same choice the program picker makes first), or
 * null when none is: a destination's figure then has no program part rather than a guessed one.
 */
export async function findProgramForMajor(db: Queryable, input: { schoolId: number; major: string }): Promise<q.ProgramRow | null> {
  const programs = await q.listProgramsForSchool(db, input.schoolId);
  const suggestion = suggestProgram(programs.map(presentProgramSummary), { major: input.major });
  return suggestion?.because === 'major' ? (programs.find((program) => program.id === suggestion.id) ?? null) : null;
}
