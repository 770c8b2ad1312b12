/**
 * Course search and course details: verbs independent of HTTP. The SQL lives in search.queries.ts.
 */
import { createHash } from 'node:crypto';
import { transferStatusOf, type CourseDetails, type CourseOffering, type CourseSearchResponse, type CourseSearchResult, type CourseTransfer } from '../../../shared/schemas/course';
import { statusOfVerdictClass, type VerdictClass } from '../../../shared/schemas/verdict-class';
import type { CourseSearchQuery } from '../../../shared/schemas/search';
import { isTermValue, termLabel } from '../../../shared/terms';
import {
  DELIVERY_FORMAT_OPTIONS,
  SEARCH_SUBJECT_OPTIONS,
  SUBJECT_KEYWORDS,
  optionLabel,
  resolveSubject,
  type SearchSubject,
} from '../../../shared/search/search-options';
import type { Queryable } from '../../db/client';
import { invalidField, notFound } from '../../domain-errors';
import {
  currentTerm,
  codeKey,
  decideCourseAnywhereNow,
  decideCourseNow,
  decideCourseTransfers,
  engineRule,
  ruleTermNote,
  statewideTargetOutsideCatalogue,
  type CourseVerdict,
  type ParsedTerm,
} from '../equivalencies';
import { findInstitution, findInstitutionIdsByAlias, normalizeSchoolName, toInstitutionInfo, type InstitutionInfo } from '../institutions';
import type { SearchCache } from './search-cache';
import { SearchIndex, type SearchIndexHolder } from './search-index';
import {
  countCourses,
  findCourse,
  listOfferings,
  readCatalogueVersion,
  searchCourseRows,
  searchCourseRowsByIds,
  type ClassNameCondition,
  type CourseRow,
  type CourseSearchRow,
  type CourseSearchSpec,
  type TextCondition,
} from './search.queries';

/** 'ECO2013', 'eco 2013', 'Eco-2013', 'MAC 2311C', 'HISTORY 1681.01': letters then a number. */
const CODE_LIKE = /^[a-z]{2,10}[\s\-:]*\d{1,5}[a-z0-9.]{0,6}$/i;

export function looksLikeCourseCode(text: string): boolean {
  return CODE_LIKE.test(text.trim());
}

/**
 * A code written with another school's spelling of the subject ('ECON 201' where economics is ECO): the subject's code
 * keywords (spec section 5's keyword map) with the same number, as code-key prefixes ('eco201%').
 */
function codeKeyAlternatives(code: string): string[] {
  const match = /^([a-z]{2,10})[\s\-:]*(\d[a-z0-9.]*)$/i.exec(code.trim());
  if (!match) return [];
  const [, letters = '', number = ''] = match;
  const subject = resolveSubject(letters) ?? SEARCH_SUBJECT_OPTIONS.find((option) => SUBJECT_KEYWORDS[option.value].includes(letters.toLowerCase()))?.value;
  if (!subject) return [];
  const own = letters.toLowerCase();
  const spellings = SUBJECT_KEYWORDS[subject].filter((keyword) => keyword.length <= 4 && keyword !== own);
  return spellings.map((keyword) => `${codeKey(`${keyword}${number}`)}%`);
}

function textCondition(text: string): TextCondition {
  const isCode = looksLikeCourseCode(text);
  return { text, codeKey: isCode ? codeKey(text) : null, codeKeyAlternatives: isCode ? codeKeyAlternatives(text) : [] };
}

function classNameCondition(className: string): ClassNameCondition {
  if (/^\d{1,5}[a-z]?$/i.test(className)) return { text: null, codeKey: null, numberPrefix: className.toLowerCase(), codeKeyAlternatives: [] };
  if (looksLikeCourseCode(className)) return { text: null, codeKey: codeKey(className), numberPrefix: null, codeKeyAlternatives: codeKeyAlternatives(className) };
  return { text: className, codeKey: null, numberPrefix: null, codeKeyAlternatives: [] };
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
  return invalidField('cursor', message);
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

/** 'summer-2027' -> 'Summer 2027' (src/shared/terms.ts); another hyphenated form word by word ('spring-quarter-2023'). */
export function formatTerm(term: string | null): string | null {
  if (!term) return null;
  return isTermValue(term) ? termLabel(term) : term.split('-').map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join(' ');
}

function formatDeliveryFormat(format: string | null): string | null {
  return format ? (optionLabel(DELIVERY_FORMAT_OPTIONS, format) ?? format) : null;
}

function formatCredits(credits: number | null, creditsText: string | null): string | null {
  if (credits !== null && credits !== undefined) return String(Number(credits));
  return creditsText;
}

const institutionType = (control: 'public' | 'private') => (control === 'private' ? 'Private' : 'Public');

/** A destination names what the course becomes when the student gets credit there: a course, or credit in its place. */
const givesCredit = (verdictClass: VerdictClass) => statusOfVerdictClass(verdictClass) === 'DIRECT';

/** "School: CODE Title + CODE Title", the spec's equivalentAt. */
const equivalentAtOf = (toName: string, targets: Array<{ subject: string; number: string; title: string | null }>) =>
  `${toName}: ${targets.map((target) => [target.subject, target.number, target.title].filter(Boolean).join(' ')).join(' + ')}`;

/** Why a verdict's rule does not apply now, naming the terms it covers; null when it does (or there is none). */
function termNoteOf(verdict: CourseVerdict, term: ParsedTerm): string | null {
  return verdict.rule ? ruleTermNote(verdict.rule.effectiveFromTerm, verdict.rule.effectiveToTerm, term) : null;
}

/**
 * One card: the course, its first offering and its verdict now (decided by the engine, decideCard): transfers (with where, as what) → does not transfer, with a note naming the terms when its rule is
 * out of them → no rule that applies ('unknown').
 */
/**
 * A result of a format or term search: 'matches' (it has such a section) or 'unknown' (no section on file at all: the
 * search's filter left out courses whose known sections are of another kind); null without a format or term.
 */
function scheduleOf(spec: CourseSearchSpec, row: CourseSearchRow): CourseSearchResult['schedule'] {
  if (!spec.deliveryFormat && !spec.term) return null;
  return Number(row.offering_count) > 0 ? 'matches' : 'unknown';
}

export function presentSearchRow(
  row: CourseSearchRow,
  verdict: CourseVerdict | null,
  term: ParsedTerm = currentTerm(),
  schedule: CourseSearchResult['schedule'] = null,
): CourseSearchResult {
  // The engine's class (verdict-class.ts); nothing on file for the course is for the school to review.
  const verdictClass: VerdictClass = verdict?.decision.verdictClass ?? 'needs-review';
  const status = transferStatusOf(verdictClass);
  const termNote = verdict && status === 'not-transferable' ? termNoteOf(verdict, term) : null;
  // Florida's statewide numbering says the course transfers; the destination's own course is shown only when its
  // catalogue names it (a rule's target is always named by the rule).
  const unnamedStatewideTarget = verdict !== null && status === 'fully' && statewideTargetOutsideCatalogue(verdict.decision);
  return {
    id: row.id,
    school: row.school_name,
    schoolKey: row.school_key,
    state: row.state,
    courseName: row.title,
    courseNumber: `${row.subject} ${row.number}`,
    deliveryFormat: formatDeliveryFormat(row.delivery_format),
    transferStatus: status,
    verdictClass,
    credits: formatCredits(row.credits, row.credits_text),
    professor: row.professor,
    rating: row.professor_rating === null ? null : Number(row.professor_rating),
    term: formatTerm(row.term),
    tuition: formatTuition(row.tuition_cents),
    equivalentAt: verdict && givesCredit(verdictClass) && !unnamedStatewideTarget ? equivalentAtOf(verdict.to.name, verdict.decision.targets) : null,
    transferNote: unnamedStatewideTarget ? statewideOutsideCatalogueNote(verdict.to.name) : null,
    reason: verdict ? verdict.decision.reason : null,
    knownFrom: row.known_from,
    alsoListedAs: row.also_listed_as ?? [],
    termNote: termNote ? `${verdict!.to.name}: ${termNote}` : null,
    registrationLink: row.registration_url,
    rateMyProfLink: row.professor_rating_url,
    institutionType: institutionType(row.control),
    isAvailable: row.is_available,
    isSample: row.is_sample === true,
    offeringCount: Number(row.offering_count),
    schedule,
  };
}

/** What is known when statewide numbering decides and the destination's catalogue does not list the course. */
export const statewideOutsideCatalogueNote = (toName: string) =>
  `Transfers under Florida's statewide course numbering; ${toName}'s course is not in Crosswalk's catalogue yet`;

/**
 * A card's verdict, decided by the engine for the course on its own (the transcript report's own code): at the school
 * the search names, or with none, wherever its rules lead (rules and schools arrive with the row).
 */
function decideCard(row: CourseSearchRow, target: InstitutionInfo | null, term: ParsedTerm): CourseVerdict | null {
  const from = toInstitutionInfo(row.school);
  const course = { subject: row.subject, number: row.number, title: row.title, credits: row.credits === null ? null : Number(row.credits) };
  const rules = (row.rules ?? []).map((entry) => ({ rule: engineRule(entry.rule), to: toInstitutionInfo(entry.to) }));
  if (target) {
    const destinationCatalog = (row.destination_courses ?? []).map((entry) => ({ ...entry, credits: entry.credits === null ? null : Number(entry.credits) }));
    return decideCourseNow({ from, to: target, course, rules: rules.map(({ rule }) => rule), term, destinationCatalog });
  }
  return decideCourseAnywhereNow({ from, course, rules, term });
}

// ---------------------------------------------------------------------------
// searchCourses
// ---------------------------------------------------------------------------

/** A school the search names, by the key of a filter option or as written; its key is tried first. */
async function resolveSchool(db: Queryable, key: string | undefined, asWritten: string | undefined) {
  if (!key && !asWritten) return { school: null, wanted: null };
  const school = (key ? await findInstitution(db, key) : null) ?? (asWritten ? await findInstitution(db, asWritten) : null);
  return { school, wanted: school ? { key: school.key, name: school.name } : { key: null, name: asWritten ?? key ?? '' } };
}

async function resolveCourseCodes(db: Queryable, codes: string[] | undefined) {
  if (!codes || codes.length === 0) return null;
  const parsed = codes.map((code) => {
    const colon = code.lastIndexOf(':');
    const prefix = colon >= 0 ? normalizeSchoolName(code.slice(0, colon)) : null;
    return { prefix, codeKey: codeKey(colon >= 0 ? code.slice(colon + 1) : code) };
  });
  const ids = await findInstitutionIdsByAlias(
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
  indexes,
}: {
  db: Queryable;
  query: CourseSearchQuery;
  cache?: SearchCache<CourseSearchResponse>;
  /** The instance's in-process index (search-index.ts); without it, or while it is built, SQL answers. */
  indexes?: SearchIndexHolder;
}): Promise<CourseSearchResponse> {
  const fingerprint = searchFingerprint(query);
  const offset = decodeCursor(query.cursor, fingerprint);
  if (!cache && !indexes) return runSearch({ db }, query, fingerprint, offset);
  const version = await readCatalogueVersion(db);
  const finder: RowFinder = { db, index: indexes?.at(db, version) ?? null, indexes };
  if (!cache) return runSearch(finder, query, fingerprint, offset);
  const key = `${fingerprint}|${offset}|${query.limit}`;
  const cached = cache.get(key, version);
  if (cached) return cached;
  const answer = await runSearch(finder, query, fingerprint, offset);
  cache.set(key, version, answer);
  return answer;
}

/** Where a search's rows come from: the index when it is current and can answer, else SQL. */
interface RowFinder {
  db: Queryable;
  index?: SearchIndex | null;
  indexes?: SearchIndexHolder;
}

async function findRows({ db, index, indexes }: RowFinder, spec: CourseSearchSpec): Promise<CourseSearchRow[]> {
  if (index && indexes && SearchIndex.handles(spec)) {
    const answer = await index.search(db, spec, (text) => indexes.lexemesOf(db, text));
    return index.cards(spec, answer, (ids) => searchCourseRowsByIds(db, spec, ids, answer.total));
  }
  return searchCourseRows(db, spec);
}

/**
 * The rows of a search, and when it finds nothing, what the rest of it answers (only from the first page, and the same
 * on every later page since the cursor carries the same query): words that find nothing beside what else the search
 * names (schools, subject, course) are left out, naming the words not used, rather than "no results" for a search the
 * rest of answers. (A format or term lists the courses whose schedule is unknown after those that match: the SQL.)
 */
async function searchWithFallbacks(finder: RowFinder, spec: CourseSearchSpec) {
  const { db } = finder;
  let used = spec;
  let rows = await findRows(finder, used);
  // A page past the end of an answer is empty, not a reason to answer another search.
  if (rows.length === 0 && spec.offset > 0 && (await countCourses(db, spec)) > 0) return { spec, rows, unusedWords: [] };
  let unusedWords: string[] = [];
  if (rows.length === 0 && used.text && hasOtherConditions(used)) {
    const withoutText = { ...used, text: null };
    const found = await findRows(finder, withoutText);
    if (found.length > 0) {
      unusedWords = used.text.text.split(/\s+/).filter(Boolean);
      [used, rows] = [withoutText, found];
    }
  }
  return { spec: used, rows, unusedWords };
}

const SCHEDULE_WORDS: Record<string, string> = { online: 'online', 'in-person': 'in person', hybrid: 'as hybrid' };

/**
 * What the courses of a format or term search whose schedule is unknown are, in words: "Schedule unknown: no sections of
 * these courses are on file, so Crosswalk cannot tell whether they are offered online in Summer 2027. Check with the
 * school." Null without a format or term.
 */
function scheduleUnknownNote(spec: CourseSearchSpec): string | null {
  if (!spec.deliveryFormat && !spec.term) return null;
  const wanted = [spec.deliveryFormat ? (SCHEDULE_WORDS[spec.deliveryFormat] ?? spec.deliveryFormat) : null, spec.term ? `in ${formatTerm(spec.term)}` : null]
    .filter(Boolean)
    .join(' ');
  return `Schedule unknown: no sections of these courses are on file, so Crosswalk cannot tell whether they are offered ${wanted}. Check with the school.`;
}

/** A school, subject or course besides the words: enough to answer when the words find nothing. */
function hasOtherConditions(spec: CourseSearchSpec): boolean {
  return spec.homeId !== null || spec.subject !== null || spec.className !== null || spec.courseCodes !== null || spec.level !== null;
}

async function runSearch(finder: RowFinder, query: CourseSearchQuery, fingerprint: string, offset: number): Promise<CourseSearchResponse> {
  const { db, index } = finder;
  // With an index, the schools and codes a search names are looked up once per catalogue version.
  const once = <T>(key: string, work: () => Promise<T>) => (index ? index.remember(key, work) : work());
  const [home, target, courseCodes] = await Promise.all([
    once(`school|${query.homeCollege ?? ''}|${query.transferFromSchool ?? ''}`, () => resolveSchool(db, query.homeCollege, query.transferFromSchool)),
    once(`school|${query.targetCollege ?? ''}|${query.transferToSchool ?? ''}`, () => resolveSchool(db, query.targetCollege, query.transferToSchool)),
    once(`codes|${(query.courseCodes ?? []).join('|')}`, () => resolveCourseCodes(db, query.courseCodes)),
  ]);
  const empty: CourseSearchResponse = { results: [], total: 0, nextCursor: null, home: home.wanted, target: target.wanted, unusedWords: [], scheduleNote: null };
  // A school the search names but the catalogue does not know: nothing can be said about it.
  if ((home.wanted && !home.school) || (target.wanted && !target.school)) return empty;

  const subject = query.targetSubject ?? null;
  let text = query.q.trim();
  if (subject && isOnlySubjectWords(text, subject)) text = '';
  const className = query.className?.trim();
  const sameAsText = className && codeKey(className) === codeKey(text);

  const homeSchool = home.school;
  const targetSchool = target.school;
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
    level: query.level ?? null,
    subject: subject ? subjectCondition(subject) : null,
    courseCodes,
    limit: query.limit,
    offset,
  };
  const answered = await searchWithFallbacks(finder, spec);
  const { rows } = answered;
  const total = rows.length > 0 ? Number(rows[0]?.total) : offset > 0 ? await countCourses(db, answered.spec) : 0;
  const nextOffset = offset + rows.length;
  const term = currentTerm();
  const results = rows.map((row) => presentSearchRow(row, decideCard(row, targetSchool, term), term, scheduleOf(answered.spec, row)));
  return {
    ...empty,
    unusedWords: answered.unusedWords,
    scheduleNote: results.some((result) => result.schedule === 'unknown') ? scheduleUnknownNote(answered.spec) : null,
    results,
    total,
    nextCursor: rows.length > 0 && nextOffset < total ? encodeCursor(nextOffset, fingerprint) : null,
  };
}

// ---------------------------------------------------------------------------
// getCourseDetails
// ---------------------------------------------------------------------------

const toNumberOrNull = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Number(value));

/** One answer on the course page: a rule (or statewide numbering) and what it gives the course taken now. */
function presentCourseTransfer(verdict: CourseVerdict, term: ParsedTerm, course: { codeKey: string; credits: number | null }): CourseTransfer {
  const { rule, to, decision } = verdict;
  const termNote = termNoteOf(verdict, term);
  // A rule out of its terms does not transfer now (the engine says so too: its class is does-not-transfer).
  const verdictClass: VerdictClass = termNote ? 'does-not-transfer' : decision.verdictClass;
  const status = transferStatusOf(verdictClass);
  // A statewide-numbering answer has no rule: the destination's course is the same course, worth its credits.
  const targets = (rule?.targets ?? decision.targets).map((target) => ({
    subject: target.subject,
    number: target.number,
    title: target.title,
    credits: target.credits ?? (rule ? null : course.credits),
    isElective: target.isElective,
  }));
  const unnamedStatewideTarget = !rule && status === 'fully' && statewideTargetOutsideCatalogue(decision);
  return {
    ruleId: rule?.id ?? null,
    toSchool: { key: to.key, name: to.name },
    status,
    verdictClass,
    equivalentAt: givesCredit(verdictClass) && !unnamedStatewideTarget ? equivalentAtOf(to.name, targets) : null,
    transferNote: unnamedStatewideTarget ? statewideOutsideCatalogueNote(to.name) : null,
    targets,
    alsoRequires: (rule?.sources ?? [])
      .filter((source) => codeKey(source) !== course.codeKey)
      .map((source) => ({ subject: source.subject, number: source.number, title: source.title, credits: source.credits })),
    creditsAwarded: rule ? rule.creditsAwarded : course.credits,
    creditUnit: rule?.creditUnit ?? null,
    minGrade: rule?.minGrade ?? null,
    effectiveFromTerm: formatTerm(rule?.effectiveFromTerm ?? null),
    effectiveToTerm: formatTerm(rule?.effectiveToTerm ?? null),
    termNote,
    origin: rule?.origin ?? 'statewide-numbering',
    notes: rule
      ? rule.notes
      : verdictClass === 'specific-course'
        ? 'Both schools use Florida’s statewide course numbering: the same course number is guaranteed to transfer.'
        : decision.reason,
  };
}

/** Where one course transfers, every destination decided by the engine, as the course page shows it. */
async function transfersOf(db: Queryable, course: CourseRow, term: ParsedTerm): Promise<CourseTransfer[]> {
  const transfers = await decideCourseTransfers(
    db,
    {
      institutionId: course.institution_id,
      codeKey: course.code_key,
      subject: course.subject,
      number: course.number,
      title: course.title,
      credits: toNumberOrNull(course.credits),
      floridaStatewideNumbering: course.florida_statewide_numbering,
    },
    term,
  );
  return [...transfers.byRule, ...transfers.statewide].map((verdict) => presentCourseTransfer(verdict, term, { codeKey: course.code_key, credits: toNumberOrNull(course.credits) }));
}

/**
 * The course, its offerings, every rule that says where it transfers and, for a cross-listed course, where its other
 * codes transfer (rules name one code: shown apart, never as this code's verdict). 404 for an unknown id.
 */
export async function getCourseDetails({ db, courseId }: { db: Queryable; courseId: number }): Promise<CourseDetails> {
  const course = await findCourse(db, courseId);
  if (!course) throw notFound('No course with this id.');
  const term = currentTerm();
  const [offerings, transfers, otherCodes] = await Promise.all([
    listOfferings(db, course.id),
    transfersOf(db, course, term),
    Promise.all(
      (course.also_listed_as ?? []).map(async (other) => {
        const sibling = await findCourse(db, other.id);
        return { id: other.id, courseNumber: `${other.subject} ${other.number}`, transfers: sibling ? await transfersOf(db, sibling, term) : [] };
      }),
    ),
  ]);
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
      // Catalogues publish descriptions with inline markup ("17<sup>th</sup> century"); the page shows text.
      description: course.description === null ? null : course.description.replace(/<[^>]*>/g, ''),
      alsoListedAs: (course.also_listed_as ?? []).map((other) => ({ id: other.id, courseNumber: `${other.subject} ${other.number}` })),
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
    transfers,
    otherCodesTransfers: otherCodes.filter((other) => other.transfers.length > 0),
  };
}
