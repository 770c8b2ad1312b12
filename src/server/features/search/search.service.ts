/**
 * Course search and course details: verbs independent of HTTP. A search's text is read and merged with its filters in
 * search-plan.ts, ranked by the in-process index (search-index.ts, decision 120); its page's cards are read by id
 * (search.queries.ts) and decided by the engine, each card once per catalogue version.
 */
import { createHash } from 'node:crypto';
import { transferStatusOf, type CourseDetails, type SearchedSchool, type CourseOffering, type CourseSearchResponse, type CourseSearchResult, type CourseTransfer } from '../../../shared/schemas/course';
import type { CourseSearchQuery } from '../../../shared/schemas/search';
import { statusOfVerdictClass, type VerdictClass } from '../../../shared/schemas/verdict-class';
import { DELIVERY_FORMAT_OPTIONS, optionLabel } from '../../../shared/search/search-options';
import { isTermValue, termLabel } from '../../../shared/terms';
import type { Queryable } from '../../db/client';
import { invalidField, notFound } from '../../domain-errors';
import { codeKey, findCourse, listOfferings, readCatalogueVersion, type CourseRow } from '../catalogue';
import {
  currentTerm,
  decideCourseAnywhereNow,
  decideCourseNow,
  decideCourseTransfers,
  describeApproval,
  engineRule,
  ruleTermNote,
  statewideTargetOutsideCatalogue,
  type CourseVerdict,
  type ParsedTerm,
} from '../equivalencies';
import { findInstitution, findInstitutionById, hasCourses, hasTransferRulesInto, toInstitutionInfo, type InstitutionInfo } from '../institutions';
import type { SearchCache } from './search-cache';
import type { IndexAnswer, SearchIndex, SearchIndexHolder } from './search-index';
import { planSearch } from './search-plan';
import { cardRules, type CourseSearchRow } from './search.queries';
import { displayTitle } from './search-words';

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
    courseName: displayTitle(row.title),
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

/**
 * The cards of one catalogue version, each presented once per course, destination, format and term (the engine decides
 * a card once, and a card is a small object, so thousands stay in memory without slowing garbage collection).
 */
export class CardCache {
  private version = '';
  private readonly cards = new Map<string, CourseSearchResult>();
  constructor(private readonly size = 20_000) {}

  /** The cards of `ids` at `version`, in order: kept ones from memory, the rest read (`read`) and presented. */
  async page(version: string, key: (id: number) => string, ids: number[], read: (ids: number[]) => Promise<CourseSearchResult[]>): Promise<CourseSearchResult[]> {
    if (version !== this.version) {
      this.version = version;
      this.cards.clear();
    }
    const missing = ids.filter((id) => !this.cards.has(key(id)));
    if (missing.length > 0) {
      const found = await read(missing);
      if (version === this.version) {
        if (this.cards.size + found.length > this.size) this.cards.clear();
        for (const card of found) this.cards.set(key(card.id), card);
      }
      const byId = new Map(found.map((card) => [card.id, card]));
      return ids.flatMap((id) => {
        const card = this.cards.get(key(id)) ?? byId.get(id);
        return card ? [card] : [];
      });
    }
    return ids.flatMap((id) => {
      const card = this.cards.get(key(id));
      return card ? [card] : [];
    });
  }
}

/**
 * One page of courses for a search, with the total, a cursor for the next page and what the server understood. With a
 * cache, an answer computed at the current catalogue version is reused.
 */
export async function searchCourses({
  db,
  query,
  indexes,
  cache,
  cards = new CardCache(),
}: {
  db: Queryable;
  query: CourseSearchQuery;
  /** The instance's index holder (search-index.ts): the one ranker. */
  indexes: SearchIndexHolder;
  cache?: SearchCache<CourseSearchResponse>;
  cards?: CardCache;
}): Promise<CourseSearchResponse> {
  const fingerprint = searchFingerprint(query);
  const offset = decodeCursor(query.cursor, fingerprint);
  const version = await readCatalogueVersion(db);
  const key = `${fingerprint}|${offset}|${query.limit}`;
  const cached = cache?.get(key, version);
  if (cached) return cached;
  const index = await indexes.at(db, version);
  // While a large catalogue's index is rebuilt in the background the last one answers: its cards' rules are read from
  // the database, and nothing it answered is kept as this version's answer (a rule just written must show at once).
  if (index.version !== version) return runSearch(db, index, version, new CardCache(), query, fingerprint, offset, { staleIndex: true });
  const answer = await runSearch(db, index, version, cards, query, fingerprint, offset);
  cache?.set(key, version, answer);
  return answer;
}

/**
 * A result of a format or term search: 'matches' (it has such a section) or 'unknown' (no section on file at all: the
 * ranker leaves out courses whose known sections are all of another kind, and lists these after every match); null
 * without a format or term.
 */
function scheduleOf(spec: { deliveryFormat: string | null; term: string | null }, row: CourseSearchRow): CourseSearchResult['schedule'] {
  if (!spec.deliveryFormat && !spec.term) return null;
  return Number(row.offering_count) > 0 ? 'matches' : 'unknown';
}

const SCHEDULE_WORDS: Record<string, string> = { online: 'online', 'in-person': 'in person', hybrid: 'as hybrid' };

/**
 * What the courses of a format or term search whose schedule is unknown are, in words: "Schedule unknown: no sections of
 * these courses are on file, so Crosswalk cannot tell whether they are offered online in Summer 2027. Check with the
 * school." Null without a format or term.
 */
function scheduleUnknownNote(spec: { deliveryFormat: string | null; term: string | null }): string | null {
  if (!spec.deliveryFormat && !spec.term) return null;
  const wanted = [spec.deliveryFormat ? (SCHEDULE_WORDS[spec.deliveryFormat] ?? spec.deliveryFormat) : null, spec.term ? `in ${formatTerm(spec.term)}` : null]
    .filter(Boolean)
    .join(' ');
  return `Schedule unknown: no sections of these courses are on file, so Crosswalk cannot tell whether they are offered ${wanted}. Check with the school.`;
}

/**
 * What is known of the schools a search names, once per catalogue version (the institutions feature answers), and what
 * the student is told when one has no data in Crosswalk yet: a real answer, not "No results" (the University of
 * Mississippi is a school; Crosswalk just has no rules into it).
 */
async function schoolsKnown(db: Queryable, index: SearchIndex, plan: { home: SearchedSchool | null; target: SearchedSchool | null }) {
  const homeSchool = plan.home?.key ? await index.remember(`school-info|${plan.home.key}`, () => findInstitution(db, plan.home!.key!)) : null;
  const targetSchool = plan.target?.key ? await index.remember(`school-info|${plan.target.key}`, () => findInstitution(db, plan.target!.key!)) : null;
  const home = plan.home && homeSchool ? { ...plan.home, hasCourses: await index.remember(`has-courses|${homeSchool.id}`, () => hasCourses(db, homeSchool.id)) } : plan.home;
  const target =
    plan.target && targetSchool
      ? { ...plan.target, hasTransferRules: targetSchool.floridaStatewideNumbering || (await index.remember(`has-rules-into|${targetSchool.id}`, () => hasTransferRulesInto(db, targetSchool.id))) }
      : plan.target;
  const notes: string[] = [];
  if (targetSchool && target?.hasTransferRules === false) {
    notes.push(
      `Crosswalk has no transfer rules into ${targetSchool.name} yet, so it cannot say how these courses count there. ` +
        `Ask ${targetSchool.name}'s registrar or admissions office how they evaluate transfer credit, and keep each course's syllabus: they decide course by course.`,
    );
  }
  if (homeSchool && home?.hasCourses === false) {
    notes.push(`Crosswalk has no courses from ${homeSchool.name} yet. Search for a course by its code or title, or upload your transcript: every course on it is checked.`);
  }
  return { home, target, schoolNote: notes.length > 0 ? notes.join(' ') : null };
}

async function runSearch(
  db: Queryable,
  index: SearchIndex,
  version: string,
  cards: CardCache,
  query: CourseSearchQuery,
  fingerprint: string,
  offset: number,
  { staleIndex = false } = {},
): Promise<CourseSearchResponse> {
  const plan = await planSearch(db, index, query);
  const understood = { chips: plan.chips, words: plan.words };
  const { home, target: targetSchool, schoolNote } = await schoolsKnown(db, index, plan);
  const empty: CourseSearchResponse = { understood, results: [], total: 0, nextCursor: null, home, target: targetSchool, schoolNote, unusedWords: plan.unusedWords, scheduleNote: null };
  // A school the search names but no school on file has: nothing can be said about it.
  if (plan.unknownSchool) return empty;
  const spec = { ...plan.spec, limit: query.limit, offset };
  const answer = index.search(spec);
  const unusedWords = [...plan.unusedWords, ...answerUnused(answer)];
  const target = spec.targetId !== null ? await index.remember(`target|${spec.targetId}`, () => findInstitutionById(db, spec.targetId!)) : null;
  const term = currentTerm();
  const cardKey = (id: number) => `${id}|${spec.targetId ?? ''}|${spec.deliveryFormat ?? ''}|${spec.term ?? ''}|${term.year}-${term.season}`;
  // A card's facts come from the index; only its rules are read, for the cards not kept yet whose courses have rules
  // (the index knows which), in one statement.
  const results = await cards.page(version, cardKey, answer.ids, async (ids) => {
    const rows = ids.flatMap((id) => index.cardRow(id, spec, answer.total) ?? []);
    const rules = await cardRules(
      db,
      rows.flatMap((row) => {
        const key = index.cardKey(row.id, spec.targetId, { evenWithoutRules: staleIndex });
        return key ? [{ id: row.id, ...key }] : [];
      }),
      spec.targetId,
    );
    return rows.map((row) => {
      const withRules = { ...row, rules: rules.get(row.id) ?? [] };
      return presentSearchRow(withRules, decideCard(withRules, target, term), term, scheduleOf(spec, row));
    });
  });
  const nextOffset = offset + results.length;
  return {
    ...empty,
    unusedWords,
    scheduleNote: results.some((result) => result.schedule === 'unknown') ? scheduleUnknownNote(spec) : null,
    results,
    total: answer.total,
    nextCursor: results.length > 0 && nextOffset < answer.total ? encodeCursor(nextOffset, fingerprint) : null,
  };
}

const answerUnused = (answer: IndexAnswer) => [...answer.unusedWords, ...answer.unusedCodes];


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
    approval: rule ? describeApproval(rule) : null,
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
      title: displayTitle(course.title),
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
