/**
 * Course search and course details: verbs independent of HTTP. The SQL lives in search.queries.ts.
 */
import { createHash } from 'node:crypto';
import type {
  CourseDetails,
  CourseOffering,
  CourseSearchResponse,
  CourseSearchResult,
  CourseTransfer,
  TransferStatus,
} from '../../../shared/schemas/course';
import type { CourseSearchQuery } from '../../../shared/schemas/search';
import {
  DELIVERY_FORMAT_OPTIONS,
  SEARCH_SUBJECT_OPTIONS,
  SUBJECT_KEYWORDS,
  TERM_OPTIONS,
  optionLabel,
  resolveSubject,
  type SearchSubject,
} from '../../../shared/search/search-options';
import type { Queryable } from '../../db/client';
import { normalizeAlias } from '../../db/seed/seed-demo';
import { isNonGuaranteedStatewideNumber, parseStatewideCourseNumber } from '../equivalencies/engine/florida-statewide-numbering';
import { currentTerm, ruleTermNote, type ParsedTerm } from '../equivalencies/engine/terms';
import { HttpError, notFound } from '../../http/errors';
import type { SearchCache } from './search-cache';
import {
  findCourse,
  findSchool,
  findSchoolIdsByAlias,
  listOfferings,
  listRulesForCourse,
  listStatewideNumberingSchools,
  searchCourseRows,
  countCourses,
  readCatalogueVersion,
  type ClassNameCondition,
  type CourseSearchRow,
  type CourseSearchSpec,
  type RuleRow,
  type SchoolRow,
  type TextCondition,
} from './search.queries';

/** The code as people type it, squeezed the way the database's generated `code_key` is: 'Eco-2013' -> 'eco2013'. */
export function toCodeKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9.]/g, '');
}

/** 'ECO2013', 'eco 2013', 'Eco-2013', 'MAC 2311C', 'HISTORY 1681.01': letters then a number. */
const CODE_LIKE = /^[a-z]{2,10}[\s\-:]*\d{1,5}[a-z0-9.]{0,6}$/i;

export function looksLikeCourseCode(text: string): boolean {
  return CODE_LIKE.test(text.trim());
}

function textCondition(text: string): TextCondition {
  return { text, codeKey: looksLikeCourseCode(text) ? toCodeKey(text) : null };
}

function classNameCondition(className: string): ClassNameCondition {
  if (/^\d{1,5}[a-z]?$/i.test(className)) return { text: null, codeKey: null, numberPrefix: className.toLowerCase() };
  if (looksLikeCourseCode(className)) return { text: null, codeKey: toCodeKey(className), numberPrefix: null };
  return { text: className, codeKey: null, numberPrefix: null };
}

/** Words that only name the subject ('econ', 'history'): the subject filter already says that. */
function isOnlySubjectWords(text: string, subject: SearchSubject): boolean {
  const label = optionLabel(SEARCH_SUBJECT_OPTIONS, subject)?.toLowerCase();
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return (
    words.length > 0 &&
    (text.toLowerCase() === label ||
      words.every((word) => resolveSubject(word) === subject || SUBJECT_KEYWORDS[subject].includes(word)))
  );
}

/**
 * The subject filter (spec section 5's keyword map, for every subject): the course's subject code starts with one of
 * the subject's keywords ('eco' finds ECO and ECON), or its title names the subject ('Principles of Macroeconomics').
 */
function subjectCondition(subject: SearchSubject): NonNullable<CourseSearchSpec['subject']> {
  const label = (optionLabel(SEARCH_SUBJECT_OPTIONS, subject) ?? subject).toLowerCase();
  const longKeywords = SUBJECT_KEYWORDS[subject].filter((keyword) => keyword.length >= 6);
  return { codePrefixes: [...SUBJECT_KEYWORDS[subject]], titleWords: [...new Set([label, ...longKeywords])] };
}

// ---------------------------------------------------------------------------
// Cursor: an offset bound to the search it came from
// ---------------------------------------------------------------------------

function searchFingerprint(query: CourseSearchQuery): string {
  const { cursor: _cursor, limit: _limit, ...rest } = query;
  const stable = JSON.stringify(Object.entries(rest).filter(([, value]) => value !== undefined).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(stable).digest('base64url').slice(0, 22);
}

function encodeCursor(offset: number, fingerprint: string): string {
  return Buffer.from(JSON.stringify({ o: offset, f: fingerprint })).toString('base64url');
}

function cursorError(message: string) {
  return new HttpError(400, `cursor: ${message}`, { fields: [{ field: 'cursor', message }] });
}

function decodeCursor(cursor: string | undefined, fingerprint: string): number {
  if (!cursor) return 0;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw cursorError('is not a cursor this API gave out');
  }
  const value = parsed as { o?: unknown; f?: unknown };
  if (typeof value?.o !== 'number' || !Number.isInteger(value.o) || value.o < 0 || value.o > 100_000 || typeof value.f !== 'string') {
    throw cursorError('is not a cursor this API gave out');
  }
  if (value.f !== fingerprint) throw cursorError('belongs to a different search; start again without it');
  return value.o;
}

// ---------------------------------------------------------------------------
// Presenting rows
// ---------------------------------------------------------------------------

export function formatTuition(cents: number | null): string | null {
  if (cents === null || cents === undefined) return null;
  const dollars = cents / 100;
  return `$${dollars.toLocaleString('en-US', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** 'summer-2024' -> 'Summer 2024' (any 'season-year' term, not only the four filter options). */
export function formatTerm(term: string | null): string | null {
  if (!term) return null;
  return optionLabel(TERM_OPTIONS, term) ?? term.split('-').map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join(' ');
}

function formatDeliveryFormat(format: string | null): string | null {
  return format ? (optionLabel(DELIVERY_FORMAT_OPTIONS, format) ?? format) : null;
}

function formatCredits(credits: number | null, creditsText: string | null): string | null {
  if (credits !== null && credits !== undefined) return String(Number(credits));
  return creditsText;
}

const institutionType = (control: 'public' | 'private') => (control === 'private' ? 'Private' : 'Public');

function transferStatusOf(transfers: boolean | null, allElective: boolean | null): TransferStatus {
  if (transfers === null || transfers === undefined) return 'unknown';
  if (!transfers) return 'not-transferable';
  return allElective ? 'elective' : 'fully';
}

/**
 * The engine's Florida rule, cheaply: with no rule on file, a course at a school in Florida's statewide course
 * numbering transfers fully to another participating school (same prefix and last three digits), unless its number is a
 * special-topics one (xx900-xx999), which the schools evaluate one by one. Explicit rules always come first.
 */
export function statewideNumberingTransfer(row: Pick<CourseSearchRow, 'subject' | 'number' | 'title' | 'school_key' | 'school_statewide_numbering'>, target: SchoolRow | null): string | null {
  if (!target?.florida_statewide_numbering || !row.school_statewide_numbering || row.school_key === target.key) return null;
  const statewide = parseStatewideCourseNumber(row);
  if (!statewide || isNonGuaranteedStatewideNumber(statewide)) return null;
  return `${target.name}: ${row.subject} ${row.number} ${row.title}`;
}

/**
 * The card's answer for the current term (engine order): a rule in effect now (transferring first) → Florida statewide
 * numbering → a rule that exists but is out of its effective terms, which reads "does not transfer" with a note naming
 * the terms it covers (a student taking the course now would not get that credit) → no rule on file.
 */
export function presentSearchRow(row: CourseSearchRow, target: SchoolRow | null = null, term: ParsedTerm = currentTerm()): CourseSearchResult {
  const rules = row.rules ?? [];
  const inEffect = rules.find((rule) => ruleTermNote(rule.effective_from_term, rule.effective_to_term, term) === null) ?? null;
  let status = inEffect ? transferStatusOf(inEffect.transfers, inEffect.all_elective) : 'unknown';
  const statewide = status === 'unknown' ? statewideNumberingTransfer(row, target) : null;
  if (statewide) status = 'fully';
  const outOfTerm = status === 'unknown' ? (rules[0] ?? null) : null;
  if (outOfTerm) status = 'not-transferable';
  return {
    id: row.id,
    school: row.school_name,
    schoolKey: row.school_key,
    state: row.state,
    courseName: row.title,
    courseNumber: `${row.subject} ${row.number}`,
    deliveryFormat: formatDeliveryFormat(row.delivery_format),
    transferStatus: status,
    credits: formatCredits(row.credits, row.credits_text),
    professor: row.professor,
    rating: row.professor_rating === null ? null : Number(row.professor_rating),
    term: formatTerm(row.term),
    tuition: formatTuition(row.tuition_cents),
    equivalentAt: statewide ?? (inEffect && (status === 'fully' || status === 'elective') ? `${inEffect.to_name}: ${inEffect.targets ?? ''}`.trim() : null),
    termNote: outOfTerm ? `${outOfTerm.to_name}: ${ruleTermNote(outOfTerm.effective_from_term, outOfTerm.effective_to_term, term)}` : null,
    registrationLink: row.registration_url,
    rateMyProfLink: row.professor_rating_url,
    institutionType: institutionType(row.control),
    isAvailable: row.is_available,
    isSample: row.is_sample === true,
    offeringCount: Number(row.offering_count),
  };
}

// ---------------------------------------------------------------------------
// searchCourses
// ---------------------------------------------------------------------------

async function resolveSchool(db: Queryable, key: string | undefined, asWritten: string | undefined) {
  if (!key && !asWritten) return { school: null, wanted: null };
  const school = await findSchool(db, key ?? null, asWritten ? normalizeAlias(asWritten) : key ? normalizeAlias(key) : null);
  return { school, wanted: school ? { key: school.key, name: school.name } : { key: null, name: asWritten ?? key ?? '' } };
}

async function resolveCourseCodes(db: Queryable, codes: string[] | undefined) {
  if (!codes || codes.length === 0) return null;
  const parsed = codes.map((code) => {
    const colon = code.lastIndexOf(':');
    const prefix = colon >= 0 ? normalizeAlias(code.slice(0, colon)) : null;
    return { prefix, codeKey: toCodeKey(colon >= 0 ? code.slice(colon + 1) : code) };
  });
  const ids = await findSchoolIdsByAlias(
    db,
    parsed.flatMap((code) => (code.prefix ? [code.prefix] : [])),
  );
  // A code at a school nobody knows matches nothing (institution id -1), rather than the code at every school.
  return parsed
    .filter((code) => code.codeKey !== '')
    .map((code) => ({ institutionId: code.prefix ? (ids.get(code.prefix) ?? -1) : null, codeKey: code.codeKey }));
}

/**
 * One page of courses for a search, with the total and a cursor for the next page. With a cache, an answer computed at
 * the current catalogue version is reused.
 */
export async function searchCourses({
  db,
  query,
  cache,
}: {
  db: Queryable;
  query: CourseSearchQuery;
  cache?: SearchCache<CourseSearchResponse>;
}): Promise<CourseSearchResponse> {
  const fingerprint = searchFingerprint(query);
  const offset = decodeCursor(query.cursor, fingerprint);
  if (!cache) return runSearch(db, query, fingerprint, offset);
  const key = `${fingerprint}|${offset}|${query.limit}`;
  const version = await readCatalogueVersion(db);
  const cached = cache.get(key, version);
  if (cached) return cached;
  const answer = await runSearch(db, query, fingerprint, offset);
  cache.set(key, version, answer);
  return answer;
}

async function runSearch(db: Queryable, query: CourseSearchQuery, fingerprint: string, offset: number): Promise<CourseSearchResponse> {
  const [home, target, courseCodes] = await Promise.all([
    resolveSchool(db, query.homeCollege, query.transferFromSchool),
    resolveSchool(db, query.targetCollege, query.transferToSchool),
    resolveCourseCodes(db, query.courseCodes),
  ]);
  const empty: CourseSearchResponse = { results: [], total: 0, nextCursor: null, home: home.wanted, target: target.wanted };
  // A school the search names but the catalogue does not know: nothing can be said about it.
  if ((home.wanted && !home.school) || (target.wanted && !target.school)) return empty;

  const subject = query.targetSubject ?? null;
  let text = query.q.trim();
  if (subject && isOnlySubjectWords(text, subject)) text = '';
  const className = query.className?.trim();
  const sameAsText = className && toCodeKey(className) === toCodeKey(text);

  const homeSchool: SchoolRow | null = home.school;
  const targetSchool: SchoolRow | null = target.school;
  const spec: CourseSearchSpec = {
    text: text ? textCondition(text) : null,
    className: className && !sameAsText ? classNameCondition(className) : null,
    homeId: homeSchool?.id ?? null,
    targetId: targetSchool?.id ?? null,
    excludeInstitutionId: targetSchool && targetSchool.id !== homeSchool?.id ? targetSchool.id : null,
    institutionControl: query.institutionType ?? null,
    state: query.state ?? null,
    deliveryFormat: query.deliveryFormat ?? null,
    term: query.term ?? null,
    subject: subject ? subjectCondition(subject) : null,
    courseCodes,
    limit: query.limit,
    offset,
  };
  const rows = await searchCourseRows(db, spec);
  const total = rows.length > 0 ? Number(rows[0]?.total) : offset > 0 ? await countCourses(db, spec) : 0;
  const nextOffset = offset + rows.length;
  return {
    ...empty,
    results: rows.map((row) => presentSearchRow(row, targetSchool)),
    total,
    nextCursor: rows.length > 0 && nextOffset < total ? encodeCursor(nextOffset, fingerprint) : null,
  };
}

// ---------------------------------------------------------------------------
// getCourseDetails
// ---------------------------------------------------------------------------

const toNumberOrNull = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Number(value));

/** One rule on the course page; a rule not in effect for the current term does not transfer now and says why. */
export function presentRule(rule: RuleRow, term: ParsedTerm = currentTerm()): CourseTransfer {
  const targets = rule.targets.map((target) => ({
    subject: target.subject,
    number: target.number,
    title: target.title,
    credits: toNumberOrNull(target.credits),
    isElective: target.is_elective === true,
  }));
  const termNote = ruleTermNote(rule.effective_from_term, rule.effective_to_term, term);
  const status = termNote ? 'not-transferable' : transferStatusOf(rule.transfers, targets.length > 0 ? targets.every((target) => target.isElective) : false);
  const targetText = targets.map((target) => [target.subject, target.number, target.title].filter(Boolean).join(' ')).join(' + ');
  return {
    ruleId: rule.id,
    toSchool: { key: rule.to_key, name: rule.to_name },
    status,
    equivalentAt: rule.transfers && !termNote ? `${rule.to_name}: ${targetText}` : null,
    targets,
    alsoRequires: rule.other_sources.map((source) => ({
      subject: source.subject,
      number: source.number,
      title: source.title,
      credits: toNumberOrNull(source.credits),
    })),
    creditsAwarded: toNumberOrNull(rule.credits_awarded),
    minGrade: rule.min_grade,
    effectiveFromTerm: formatTerm(rule.effective_from_term),
    effectiveToTerm: formatTerm(rule.effective_to_term),
    termNote,
    origin: rule.origin,
    notes: rule.notes,
  };
}

/** The course, its offerings, and every rule that says where it transfers. 404 for an unknown id. */
export async function getCourseDetails({ db, courseId }: { db: Queryable; courseId: number }): Promise<CourseDetails> {
  const course = await findCourse(db, courseId);
  if (!course) throw notFound('No course with this id.');
  const [offerings, rules, statewideSchools] = await Promise.all([
    listOfferings(db, course.id),
    listRulesForCourse(db, course),
    course.florida_statewide_numbering ? listStatewideNumberingSchools(db, course.institution_id) : Promise.resolve([]),
  ]);
  // Explicit rules first; then, for every other participating school without one in effect this term, the
  // statewide-numbering answer (the engine's order: a rule out of its effective terms does not outrank it).
  const term = currentTerm();
  const presented = rules.map((rule) => presentRule(rule, term));
  const ruled = new Set(presented.filter((rule) => rule.termNote === null).map((rule) => rule.toSchool.key));
  const statewide = statewideSchools
    .filter((school) => !ruled.has(school.key))
    .flatMap((school): CourseTransfer[] => {
      const equivalentAt = statewideNumberingTransfer({ ...course, school_statewide_numbering: true }, school);
      if (!equivalentAt) return [];
      return [
        {
          ruleId: null,
          toSchool: { key: school.key, name: school.name },
          status: 'fully',
          equivalentAt,
          targets: [{ subject: course.subject, number: course.number, title: course.title, credits: toNumberOrNull(course.credits), isElective: false }],
          alsoRequires: [],
          creditsAwarded: toNumberOrNull(course.credits),
          minGrade: null,
          effectiveFromTerm: null,
          effectiveToTerm: null,
          termNote: null,
          origin: 'statewide-numbering',
          notes: 'Both schools use Florida’s statewide course numbering: the same course number is guaranteed to transfer.',
        },
      ];
    });
  return {
    course: {
      id: course.id,
      school: {
        key: course.school_key,
        name: course.school_name,
        state: course.state,
        institutionType: institutionType(course.control),
        website: course.website,
      },
      subject: course.subject,
      number: course.number,
      courseNumber: `${course.subject} ${course.number}`,
      title: course.title,
      credits: formatCredits(course.credits, course.credits_text),
      description: course.description,
    },
    offerings: offerings.map(
      (offering): CourseOffering => ({
        id: offering.id,
        term: formatTerm(offering.term) ?? offering.term,
        deliveryFormat: formatDeliveryFormat(offering.delivery_format) ?? offering.delivery_format,
        professor: offering.professor,
        rating: toNumberOrNull(offering.professor_rating),
        tuition: formatTuition(offering.tuition_cents),
        registrationLink: offering.registration_url,
        rateMyProfLink: offering.professor_rating_url,
        isAvailable: offering.is_available,
        isSample: offering.is_sample,
      }),
    ),
    transfers: [...presented, ...statewide],
  };
}
