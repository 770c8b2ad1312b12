// Measures the suggestion ranking and its confidence on real data the ranking was not fitted on.
//
// Wisconsin (reference-data/equivalencies): of the rules that send one course to one specific course, a seeded random
// share is the TEST split and another the TUNING split. The model's weights (`--fit`) and the confidence a student
// must see before a suggestion is shown are chosen on the tuning split, with an index built from every rule except
// both splits; the test split is then asked against an index of every rule except the test split. A held-out course's
// own rules into its destination are never evidence (they would decide it); its school's rules for other courses are.
// `--seed N --fit` repeats the whole procedure on other splits.
//
// Louisiana (reference-data/programs/louisiana-degreelink-dcc-uno, a source the model was never fitted on): every
// Delgado → University of New Orleans rule naming a specific course, asked against UNO's course list and Louisiana's
// common-course matrix turned into rules between the 27 schools (without the Delgado–UNO pairs themselves).
//
// Florida (reference-data/catalogs, no rules at all): FIU courses asked against UF's catalogue with codes hidden; see
// floridaTextOnly.
//
// Madison Area Technical College (reference-data/equivalencies/madison-area-technical-college-rules.csv.gz, a sending
// school the Wisconsin file does not carry): every MATC rule that sends one course to one specific course or to elective
// credit in a subject, asked against every Wisconsin rule and the MATC rules of the other half (never the asked course's
// own rules into its destination). `--fit` fits on its open half too (the only rules to elective credit asked), never
// on its locked half.
//
// Locked halves (issue 38, scripts/suggestion-evaluation-split.ts): half of the MATC rules and half of the Wisconsin test
// split are locked away. A run reports only the halves open to study; `--locked` reports the locked halves too (their
// figures only, never a rule), for the final measurement. `--write-split` writes the committed list of locked rules.
//
// The registrar's floor (REGISTRAR_SUGGESTION_FLOOR) is chosen with the fit: the lowest confidence at which 95 % of the
// first suggestions reaching it are the school's course, on the Wisconsin tuning split and MATC's open half.
// `--misses FILE` writes the open halves' misses as CSV to study (never the locked halves').
//
//   tsx scripts/eval-suggest.ts [--seed 20250101] [--share 0.1] [--fit] [--schools] [--locked] [--misses FILE] [--write-split]

import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { codeKey, splitCourseCode } from '../src/server/features/catalogue';
import { createCsvRowParser } from '../src/server/features/equivalencies/engine/csv-row-parser';
import { isElectiveTarget, nonTransferTargetKind } from '../src/server/features/equivalencies/engine/verdict-class';
import { parseStatewideCourseNumber, statewideEquivalenceKey } from '../src/server/features/equivalencies/engine/florida-statewide-numbering';
import { REGISTRAR_SUGGESTION_FLOOR, STUDENT_CONFIDENCE_THRESHOLD } from '../src/server/features/equivalencies/engine/student-suggestions';
import { candidateConfidences, rankSuggestionCandidates, SUGGESTION_FEATURES, SUGGESTION_MODEL, type RankedCandidate, type SuggestionModel } from '../src/server/features/equivalencies/engine/suggest-equivalents';
import { buildSuggestionIndex, type SuggestionIndex } from '../src/server/features/equivalencies/engine/suggestion-index';
import { titleTokens } from '../src/server/features/equivalencies/engine/text-similarity';
import type { CourseRef, EquivalencyRule } from '../src/server/features/equivalencies/engine/types';
import { createInstitutionRegistry, draftToRule, loadReferenceData, loadRuleDrafts } from '../src/server/features/equivalencies/reference-data/load-reference-data';
import { fitSuggestionModel, modelLoss, type FitQuery } from './fit-suggestion-model';
import { heldOutRuleKey, isLockedHalf, LOCKED_HALF_FILE, readLockedHalfList } from './suggestion-evaluation-split';
import { referenceFiles } from '../src/server/reference-data/reference-files';

/** The repository's own copy of the public data: the evaluation never reads anything outside the repository. */
const REFERENCE_DATA = path.resolve(import.meta.dirname, '../reference-data');
/** Candidates per query the fit sees: the model's head, where the choice is made. */
const FIT_CANDIDATES = 60;
/** Share of suggestions shown to students that must name the true course, on the tuning split. */
const SHOWN_PRECISION_AIM = 0.9;

/** mulberry32: a small seeded generator, so every run holds out the same rules. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const isSpecificRule = (rule: EquivalencyRule) =>
  rule.transfers && rule.sources.length === 1 && rule.targets.length === 1 && rule.targets.every((target) => nonTransferTargetKind(target) === null && !isElectiveTarget(target));
/** One course to elective credit in a subject ("MAT EL"): what a registrar approves about as often as a specific course. */
const isElectiveRule = (rule: EquivalencyRule) => rule.transfers && rule.sources.length === 1 && rule.targets.length === 1 && isElectiveTarget(rule.targets[0]!);

/** One asked course: what the model ranked and where the true course came. */
interface Answer {
  toInstitutionId: number;
  /** The held-out rule's identity (scripts/suggestion-evaluation-split.ts), for the halves; absent for Louisiana and Florida. */
  key?: string;
  ranked: RankedCandidate[];
  /** False when the destination has no equivalent at all: any suggestion shown is wrong. */
  truthExists: boolean;
  truthRank: number;
  reachable: boolean;
  /**
   * The ranking without other schools' rules (titles, descriptions, code, subject, level, credits), ordered by the
   * model (`byModel`) or, for Florida where there are no rules, by title likeness alone; null when not measured.
   */
  withoutRules: { ranked: RankedCandidate[]; truthRank: number; byModel: boolean } | null;
}

function ask(index: SuggestionIndex, rule: EquivalencyRule, options: { withoutRules: boolean; key?: string }): Answer {
  const source = { ...rule.sources[0]!, institutionId: rule.fromInstitutionId };
  const truth = codeKey(rule.targets[0]!);
  const ranked = index.rank({ source, toInstitutionId: rule.toInstitutionId });
  const withoutRules = options.withoutRules ? index.rank({ source, toInstitutionId: rule.toInstitutionId, usePeers: false }) : null;
  return {
    toInstitutionId: rule.toInstitutionId,
    ...(options.key ? { key: options.key } : {}),
    ranked,
    truthExists: true,
    truthRank: ranked.findIndex((candidate) => codeKey(candidate.course) === truth),
    reachable: index.destinationCourses(rule.toInstitutionId).some((course) => codeKey(course) === truth),
    withoutRules: withoutRules ? { ranked: withoutRules, truthRank: withoutRules.findIndex((candidate) => codeKey(candidate.course) === truth), byModel: true } : null,
  };
}

/** Ranks again under another model (features do not change with the weights). */
function rescored(answer: Pick<Answer, 'ranked' | 'truthRank'>, model: SuggestionModel): { order: RankedCandidate[]; confidences: number[]; truthRank: number } {
  const truth = answer.truthRank >= 0 ? answer.ranked[answer.truthRank] : undefined;
  const order = answer.ranked
    .map((candidate) => ({ ...candidate, score: SUGGESTION_FEATURES.reduce((sum, name) => sum + model.weights[name] * candidate.features[name], 0) }))
    .sort((a, b) => b.score - a.score || codeKey(a.course).localeCompare(codeKey(b.course)));
  return { order, confidences: candidateConfidences(order, model), truthRank: truth ? order.findIndex((candidate) => candidate.course === truth.course) : -1 };
}

function fitQueries(answers: Answer[]): FitQuery[] {
  return answers.map((answer) => {
    const head = answer.ranked.slice(0, FIT_CANDIDATES);
    return { candidates: head.map((candidate) => SUGGESTION_FEATURES.map((name) => candidate.features[name])), truth: answer.truthRank < FIT_CANDIDATES ? answer.truthRank : -1 };
  });
}

/** What a student sees of one answer at a threshold: the candidates at or above it, and whether one is right. */
function shownToStudent(answer: Answer, model: SuggestionModel, threshold: number): { shown: number; right: boolean } {
  const { confidences, truthRank } = rescored(answer, model);
  const shown = confidences.filter((confidence) => confidence >= threshold).length;
  return { shown, right: truthRank >= 0 && truthRank < shown };
}

/** Share of the first suggestions a registrar is offered as good (their floor) that must be the school's course. */
const CLERK_PRECISION_AIM = 0.95;

/** The lowest floor at which the first suggestions that reach it are the true course at least `aim` of the time. */
function chooseFloor(answers: Answer[], model: SuggestionModel, aim: number): number {
  const firsts = answers.map((answer) => {
    const { confidences, truthRank } = rescored(answer, model);
    return { confidence: confidences[0] ?? 0, right: truthRank === 0 };
  });
  let best = 1;
  for (let floor = 0.99; floor >= 0.3; floor = Math.round((floor - 0.01) * 100) / 100) {
    const shown = firsts.filter((first) => first.confidence >= floor);
    if (shown.length > 0 && shown.filter((first) => first.right).length / shown.length >= aim) best = floor;
  }
  return best;
}

/** The lowest confidence at which the suggestions shown name the true course at least `aim` of the time. */
function chooseThreshold(answers: Answer[], model: SuggestionModel, aim: number): number {
  let best = 1;
  for (let threshold = 0.99; threshold >= 0.3; threshold = Math.round((threshold - 0.01) * 100) / 100) {
    const shown = answers.map((answer) => shownToStudent(answer, model, threshold)).filter((row) => row.shown > 0);
    if (shown.length === 0) continue;
    if (shown.filter((row) => row.right).length / shown.length >= aim) best = threshold;
  }
  return best;
}

interface Tally {
  /** Every course asked; `total` only those with an equivalent at the destination. */
  asked: number;
  total: number;
  top1: number;
  top3: number;
  reachable: number;
  titleAsked: number;
  titleTop1: number;
  titleTop3: number;
  shown: number;
  shownRight: number;
  /** Rows whose first suggestion reaches the registrar's floor, and of those the ones whose first suggestion is right. */
  clerkShown: number;
  clerkRight: number;
}

const emptyTally = (): Tally => ({ asked: 0, total: 0, top1: 0, top3: 0, reachable: 0, titleAsked: 0, titleTop1: 0, titleTop3: 0, shown: 0, shownRight: 0, clerkShown: 0, clerkRight: 0 });
const pct = (part: number, whole: number) => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)}%`);

function tally(answers: Answer[], model: SuggestionModel, threshold: number, floor: number, into = emptyTally()): Tally {
  for (const answer of answers) {
    const shown = shownToStudent(answer, model, threshold);
    into.asked += 1;
    if (shown.shown > 0) into.shown += 1;
    if (shown.right) into.shownRight += 1;
    const { truthRank, confidences } = rescored(answer, model);
    if ((confidences[0] ?? 0) >= floor) {
      into.clerkShown += 1;
      if (truthRank === 0) into.clerkRight += 1;
    }
    if (!answer.truthExists) continue;
    into.total += 1;
    if (truthRank === 0) into.top1 += 1;
    if (truthRank >= 0 && truthRank < 3) into.top3 += 1;
    if (answer.reachable) into.reachable += 1;
    if (!answer.withoutRules) continue;
    const withoutRulesRank = answer.withoutRules.byModel ? rescored(answer.withoutRules, model).truthRank : answer.withoutRules.truthRank;
    into.titleAsked += 1;
    if (withoutRulesRank === 0) into.titleTop1 += 1;
    if (withoutRulesRank >= 0 && withoutRulesRank < 3) into.titleTop3 += 1;
  }
  return into;
}

/** Predicted confidence against how often the first suggestion was right, in bands. */
function calibration(answers: Answer[], model: SuggestionModel): string[] {
  const bands = [0, 0.2, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0001];
  const rows = bands.slice(0, -1).map((low, index) => ({ low, high: bands[index + 1]!, count: 0, right: 0, sum: 0 }));
  for (const answer of answers) {
    const { confidences, truthRank } = rescored(answer, model);
    const confidence = confidences[0] ?? 0;
    const band = rows.find((row) => confidence >= row.low && confidence < row.high);
    if (!band) continue;
    band.count += 1;
    band.sum += confidence;
    if (truthRank === 0) band.right += 1;
  }
  return [
    '| confidence of the first suggestion | rows | mean confidence | first suggestion right |',
    '|---|---:|---:|---:|',
    ...rows.map((row) => `| ${row.low.toFixed(1)}–${Math.min(1, row.high).toFixed(1)} | ${row.count} | ${row.count ? (row.sum / row.count).toFixed(2) : '–'} | ${pct(row.right, row.count)} |`),
  ];
}

function readGzipCsv(file: string): Array<Record<string, string>> {
  const parser = createCsvRowParser();
  const rows = [...parser.push(gunzipSync(readFileSync(file)).toString('utf8')), ...parser.end()].map((row) => row.fields);
  const [header = [], ...records] = rows;
  return records.map((fields) => Object.fromEntries(header.map((name, index) => [name.trim(), fields[index]?.trim() ?? ''])));
}

/** Delgado → UNO, asked against Louisiana's common-course matrix as rules and UNO's course list. */
function evaluateLouisiana(model: SuggestionModel, threshold: number, floor: number): { lines: string[]; tally: Tally } {
  const registry = createInstitutionRegistry();
  const DELGADO = 'Delgado Community College';
  const UNO = 'University of New Orleans';
  const delgado = registry.ensure(DELGADO).id;
  const uno = registry.ensure(UNO).id;
  const code = (text: string) => {
    if (!/^[A-Za-z]{2,5}\s+\d{3,4}[A-Z]?$/.test(text)) return null;
    const split = splitCourseCode(text);
    return split ? { subject: split.subject, number: split.number } : null;
  };
  let id = 0;
  const rule = (from: number, to: number, source: CourseRef, target: CourseRef): EquivalencyRule => ({
    id: (id += 1),
    fromInstitutionId: from,
    toInstitutionId: to,
    sources: [{ subject: source.subject, number: source.number, title: source.title ?? null, credits: source.credits ?? null }],
    targets: [{ subject: target.subject, number: target.number, title: target.title ?? null, credits: target.credits ?? null, isElective: false }],
    transfers: true,
    creditsAwarded: null,
    minGrade: null,
    effectiveFromTerm: null,
    effectiveToTerm: null,
    origin: 'csv',
    notes: null,
  });

  // The matrix: every pair of schools offering the same common course, as a rule each way.
  const bySchoolCourse = new Map<string, Array<{ institutionId: number; course: CourseRef }>>();
  for (const row of readGzipCsv(path.join(REFERENCE_DATA, 'louisiana/common-course-pairs.csv.gz'))) {
    const course = row.match_type === 'specific_course' ? code(row.institution_course_raw ?? '') : null;
    if (!course) continue;
    const list = bySchoolCourse.get(row.lccn ?? '') ?? [];
    list.push({ institutionId: registry.ensure(row.institution_name ?? '').id, course: { ...course, title: row.lccn_title ?? null } });
    bySchoolCourse.set(row.lccn ?? '', list);
  }
  const rules: EquivalencyRule[] = [];
  for (const offered of bySchoolCourse.values()) {
    for (const a of offered) {
      for (const b of offered) {
        if (a.institutionId === b.institutionId) continue;
        const pair = new Set([a.institutionId, b.institutionId]);
        if (pair.has(delgado) && pair.has(uno)) continue;
        rules.push(rule(a.institutionId, b.institutionId, a.course, b.course));
      }
    }
  }
  const unoCourses = readGzipCsv(path.join(REFERENCE_DATA, 'programs/louisiana-degreelink-dcc-uno/original/Uno_courses_92525_updated.csv.gz'))
    .map((row) => {
      const course = code(row.code ?? '');
      return course ? { ...course, title: row.title || null, credits: /^\d+(\.\d+)?$/.test(row.credits ?? '') ? Number(row.credits) : null, description: row.description || null } : null;
    })
    .filter((course): course is NonNullable<typeof course> => course !== null);
  const index = buildSuggestionIndex({ rules, catalogs: new Map([[uno, unoCourses]]) });

  const asked = new Map<string, EquivalencyRule>();
  for (const row of readGzipCsv(path.join(REFERENCE_DATA, 'programs/louisiana-degreelink-dcc-uno/dcc_to_uno_equivalencies.csv.gz'))) {
    const source = code(row.source_code ?? '');
    const target = code(row.target_code ?? '');
    // "FA 1000NE" (no equivalent) and "GHUM 1000" (general humanities credit) name no specific course.
    if (!source || !target || /general .* elective|no equivalent/i.test(row.target_name ?? '')) continue;
    asked.set(`${codeKey(source)}>${codeKey(target)}`, rule(delgado, uno, { ...source, title: row.source_name || null, credits: Number(row.credits) || null }, { ...target, title: row.target_name || null }));
  }
  const answers = [...asked.values()].map((held) => ask(index, held, { withoutRules: true }));
  const result = tally(answers, model, threshold, floor);
  return {
    tally: result,
    lines: [
      `Louisiana: ${asked.size} distinct Delgado → UNO rules naming a specific course; index: ${rules.length} rules from the common-course matrix (${bySchoolCourse.size} common courses), ${unoCourses.length} UNO courses.`,
    ],
  };
}

/**
 * Florida, text only: every FIU course with exactly one University of Florida course of the same statewide number, asked
 * against UF's catalogue with the codes hidden (the code feature is zeroed), so that titles, descriptions, credits,
 * level and subject must find the twin: the case of two schools with catalogues and no rules between them. Seeded
 * halves: one joins the tuning queries (the only place description and credit weights can be learnt), one is reported.
 */
function floridaTextOnly(data: Awaited<ReturnType<typeof loadReferenceData>>, seed: number): { tune: Answer[]; test: Answer[]; lines: string[] } {
  const fiu = data.registry.find('Florida International University');
  const uf = data.registry.find('University of Florida');
  const fiuCourses = fiu ? (data.catalogs.get(fiu.id) ?? []) : [];
  const ufCourses = uf ? (data.catalogs.get(uf.id) ?? []) : [];
  const statewideKey = (course: CourseRef) => {
    const number = parseStatewideCourseNumber(course);
    return number ? statewideEquivalenceKey(number) : null;
  };
  const ufByKey = new Map<string, CourseRef[]>();
  for (const course of ufCourses) {
    const key = statewideKey(course);
    if (key) ufByKey.set(key, [...(ufByKey.get(key) ?? []), course]);
  }
  const bySubject = new Map<string, CourseRef[]>();
  for (const course of ufCourses) bySubject.set(codeKey(course.subject), [...(bySubject.get(codeKey(course.subject)) ?? []), course]);
  const random = seededRandom(seed ^ 0x5eed);
  const tune: Answer[] = [];
  const test: Answer[] = [];
  let twinned = 0;
  let alone = 0;
  for (const source of fiuCourses) {
    const key = statewideKey(source);
    const twins = key ? (ufByKey.get(key) ?? []) : [];
    // No UF course of the same statewide number: UF has no equivalent, and the right answer is no suggestion.
    if (!key || twins.length > 1) continue;
    const truth = twins[0] ? codeKey(twins[0]) : null;
    // Candidates: the same subject, and any course sharing an uncommon title word.
    const words = new Set(titleTokens(source.title));
    const candidates = [...(bySubject.get(codeKey(source.subject)) ?? []), ...ufCourses.filter((course) => titleTokens(course.title).some((word) => words.has(word) && word.length > 4))];
    const ranked = rankSuggestionCandidates({ source, candidates }).map((candidate) => ({ ...candidate, features: { ...candidate.features, code: 0 } }));
    if (!truth && ranked.length === 0) continue;
    const byTitle = [...ranked].sort((a, b) => b.features.title - a.features.title);
    const answer: Answer = {
      toInstitutionId: uf!.id,
      ranked,
      truthExists: truth !== null,
      truthRank: ranked.findIndex((candidate) => codeKey(candidate.course) === truth),
      reachable: truth !== null,
      withoutRules: { ranked: byTitle, truthRank: byTitle.findIndex((candidate) => codeKey(candidate.course) === truth), byModel: false },
    };
    if (truth) twinned += 1;
    else alone += 1;
    (random() < 0.5 ? tune : test).push({ ...answer, ...reorder(answer, SUGGESTION_MODEL) });
  }
  return {
    tune,
    test,
    lines: [
      `Florida text only (codes hidden): ${twinned} FIU courses with one UF course of the same statewide number, and ${alone} with none (the right answer: no suggestion; counted in "shown" only); tuning ${tune.length}, test ${test.length}.`,
    ],
  };
}

const MATC_RULES_FILE = 'equivalencies/madison-area-technical-college-rules.csv.gz';

/** A held-out rule's identity by school names (scripts/suggestion-evaluation-split.ts). */
function keyOf(rule: EquivalencyRule, names: Map<number, string>): string {
  return heldOutRuleKey({ fromSchool: names.get(rule.fromInstitutionId) ?? '', source: rule.sources[0]!, toSchool: names.get(rule.toInstitutionId) ?? '', target: rule.targets[0]! });
}

/**
 * Madison Area Technical College's rules, each half asked against every Wisconsin rule and the other half's MATC rules:
 * never the asked courses' own rules into their destinations (a course's elective or no-credit rule to the same school
 * would decide it).
 */
async function madisonAreaTech(
  data: Awaited<ReturnType<typeof loadReferenceData>>,
  names: Map<number, string>,
): Promise<{ open: Answer[]; locked: Answer[]; electiveOpen: Answer[]; electiveLocked: Answer[]; rules: number; eligible: number; electives: number }> {
  const drafts = await loadRuleDrafts(referenceFiles(REFERENCE_DATA), MATC_RULES_FILE);
  const rules = drafts.map((draft, index) => draftToRule(draft, 10_000_000 + index, data.registry));
  for (const institution of data.registry.all()) if (!names.has(institution.id)) names.set(institution.id, institution.name);
  const asked = rules.filter((rule) => isSpecificRule(rule) || isElectiveRule(rule));
  const open = asked.filter((rule) => !isLockedHalf(keyOf(rule, names)));
  const locked = asked.filter((rule) => isLockedHalf(keyOf(rule, names)));
  const askedIn = (half: EquivalencyRule[]) => {
    const heldOut = new Set(half.map((rule) => `${rule.fromInstitutionId}|${codeKey(rule.sources[0]!)}|${rule.toInstitutionId}`));
    const index = buildSuggestionIndex({
      rules: [...data.rules, ...rules.filter((rule) => !rule.sources.some((source) => heldOut.has(`${rule.fromInstitutionId}|${codeKey(source)}|${rule.toInstitutionId}`)))],
      catalogs: data.catalogs,
    });
    return half.map((rule) => ({ elective: isElectiveRule(rule), answer: ask(index, rule, { withoutRules: true, key: keyOf(rule, names) }) }));
  };
  const [openAnswers, lockedAnswers] = [askedIn(open), askedIn(locked)];
  const pick = (answers: Array<{ elective: boolean; answer: Answer }>, elective: boolean) => answers.filter((entry) => entry.elective === elective).map((entry) => entry.answer);
  return {
    open: pick(openAnswers, false),
    locked: pick(lockedAnswers, false),
    electiveOpen: pick(openAnswers, true),
    electiveLocked: pick(lockedAnswers, true),
    rules: rules.length,
    eligible: rules.filter(isSpecificRule).length,
    electives: rules.filter(isElectiveRule).length,
  };
}

/** Writes the committed list of locked rules (run once, when the split was made). */
async function writeLockedHalfList(data: Awaited<ReturnType<typeof loadReferenceData>>, names: Map<number, string>, wisconsinTest: Set<EquivalencyRule>): Promise<void> {
  const drafts = await loadRuleDrafts(referenceFiles(REFERENCE_DATA), MATC_RULES_FILE);
  const matc = drafts.map((draft, index) => draftToRule(draft, 10_000_000 + index, data.registry)).filter((rule) => isSpecificRule(rule) || isElectiveRule(rule));
  for (const institution of data.registry.all()) if (!names.has(institution.id)) names.set(institution.id, institution.name);
  const keys = [...new Set([...wisconsinTest, ...matc].map((rule) => keyOf(rule, names)).filter(isLockedHalf))].sort();
  writeFileSync(LOCKED_HALF_FILE, gzipSync(`key\n${keys.join('\n')}\n`, { level: 9 }));
  process.stdout.write(`${keys.length} locked rules written to ${path.relative(process.cwd(), LOCKED_HALF_FILE)}\n`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string', default: '20250101' },
      share: { type: 'string', default: '0.1' },
      fit: { type: 'boolean', default: false },
      schools: { type: 'boolean', default: false },
      locked: { type: 'boolean', default: false },
      misses: { type: 'string' },
      'write-split': { type: 'boolean', default: false },
    },
  });
  const seed = Number(values.seed);
  const share = Number(values.share);
  const started = Date.now();
  const data = await loadReferenceData({ dataDir: REFERENCE_DATA });
  if (data.rules.length === 0) throw new Error(`no rules found under ${REFERENCE_DATA}`);
  const loadedMs = Date.now() - started;
  const names = new Map(data.registry.all().map((institution) => [institution.id, institution.name]));

  const eligible = data.rules.filter(isSpecificRule);
  const random = seededRandom(seed);
  const test = new Set<EquivalencyRule>();
  const tune = new Set<EquivalencyRule>();
  for (const rule of eligible) {
    const draw = random();
    if (draw < share) test.add(rule);
    else if (draw < 2 * share) tune.add(rule);
  }
  if (values['write-split']) return writeLockedHalfList(data, names, test);

  const tuneIndex = buildSuggestionIndex({ rules: data.rules.filter((rule) => !test.has(rule) && !tune.has(rule)), catalogs: data.catalogs });
  const tuneAnswers = [...tune].map((rule) => ask(tuneIndex, rule, { withoutRules: false }));
  const florida = floridaTextOnly(data, seed);
  const matc = await madisonAreaTech(data, names);
  let model = SUGGESTION_MODEL;
  const lines: string[] = [];
  if (values.fit) {
    // Madison Area Tech.'s open half joins the fit: the only rules to elective credit asked, and never its locked half.
    const fitAnswers = [...tuneAnswers, ...florida.tune, ...matc.open, ...matc.electiveOpen];
    const queries = fitQueries(fitAnswers);
    const before = modelLoss(queries, model);
    model = fitSuggestionModel(queries);
    // A second pass on the head as the fitted model orders it.
    model = fitSuggestionModel(fitQueries(fitAnswers.map((answer) => ({ ...answer, ...reorder(answer, model) }))));
    lines.push(`Fitted on ${queries.length} tuning queries: loss ${before.toFixed(3)} → ${modelLoss(queries, model).toFixed(3)}.`);
    lines.push('```ts', `export const SUGGESTION_MODEL: SuggestionModel = ${JSON.stringify(model, null, 2)};`, '```');
  }
  // The threshold must hold where other schools' rules help (Wisconsin) and where only catalogues do (Florida).
  const threshold = values.fit ? Math.max(chooseThreshold(tuneAnswers, model, SHOWN_PRECISION_AIM), chooseThreshold(florida.tune, model, SHOWN_PRECISION_AIM)) : STUDENT_CONFIDENCE_THRESHOLD;
  // The registrar's floor: chosen where the fit was (the Wisconsin tuning split and Madison Area Tech.'s open half).
  const floor = values.fit ? chooseFloor([...tuneAnswers, ...matc.open, ...matc.electiveOpen], model, CLERK_PRECISION_AIM) : REGISTRAR_SUGGESTION_FLOOR;
  const tuned = tally(tuneAnswers, model, threshold, floor);

  const indexStarted = Date.now();
  const testIndex = buildSuggestionIndex({ rules: data.rules.filter((rule) => !test.has(rule)), catalogs: data.catalogs });
  const indexMs = Date.now() - indexStarted;
  const queryStarted = Date.now();
  const testAnswers = [...test].map((rule) => ask(testIndex, rule, { withoutRules: true, key: keyOf(rule, names) }));
  const queryMs = Date.now() - queryStarted;
  const louisiana = evaluateLouisiana(model, threshold, floor);

  // The committed split must still be the one the function gives: a changed file or key would unlock rules unseen.
  const lockedList = readLockedHalfList();
  const lockedNow = [...new Set([...testAnswers, ...matc.open, ...matc.locked, ...matc.electiveOpen, ...matc.electiveLocked].map((answer) => answer.key).filter((key): key is string => !!key && isLockedHalf(key)))];
  if (lockedNow.length !== lockedList.size || lockedNow.some((key) => !lockedList.has(key))) throw new Error(`the locked half no longer matches ${LOCKED_HALF_FILE}: the data or the split changed`);
  const wisconsinTestOpen = testAnswers.filter((answer) => !isLockedHalf(answer.key ?? ''));
  const wisconsinTestLocked = testAnswers.filter((answer) => isLockedHalf(answer.key ?? ''));

  lines.push(
    `Rules: ${data.rules.length}; eligible (one source → one specific course): ${eligible.length}; test ${test.size} (open half ${wisconsinTestOpen.length}, locked half ${wisconsinTestLocked.length}), tuning ${tune.size} (seed ${seed}, share ${share} each).`,
    `Madison Area Technical College: ${matc.rules} rules, ${matc.eligible} send one course to one specific course (open half ${matc.open.length}, locked half ${matc.locked.length}), ${matc.electives} to elective credit in a subject (open ${matc.electiveOpen.length}, locked ${matc.electiveLocked.length}).`,
    `Student threshold: confidence ≥ ${threshold}${values.fit ? ' (chosen now: the lowest at which at least 90 % of the rows shown a suggestion are right, on the Wisconsin tuning split and on the Florida tuning half)' : ' (STUDENT_CONFIDENCE_THRESHOLD)'}.`,
    `Registrar floor: confidence ≥ ${floor}${values.fit ? ' (chosen now: the lowest at which at least 95 % of the first suggestions reaching it are right, on the Wisconsin tuning split and Madison Area Tech.\'s open half)' : ' (REGISTRAR_SUGGESTION_FLOOR)'}.`,
    `Machine: ${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}. Load ${loadedMs} ms, test index ${indexMs} ms, ${test.size * 2} test queries ${queryMs} ms (${(queryMs / (test.size * 2)).toFixed(2)} ms each).`,
    ...louisiana.lines,
    ...florida.lines,
    '',
    '| split | asked | top-1 | top-3 | true course known to the index | top-1 without rules | top-3 without rules | shown to students | shown and right | offered to the clerk as good | first right (clerk\'s precision) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  const row = (label: string, t: Tally) =>
    `| ${label} | ${t.asked === t.total ? t.total : `${t.total} (+${t.asked - t.total} with none)`} | ${pct(t.top1, t.total)} | ${pct(t.top3, t.total)} | ${pct(t.reachable, t.total)} | ${pct(t.titleTop1, t.titleAsked)} | ${pct(t.titleTop3, t.titleAsked)} | ${pct(t.shown, t.asked)} | ${pct(t.shownRight, t.shown)} | ${pct(t.clerkShown, t.asked)} | ${pct(t.clerkRight, t.clerkShown)} |`;
  if (values.locked) {
    lines.push(
      row('**Madison Area Tech., locked half**', tally(matc.locked, model, threshold, floor)),
      row('**Wisconsin test, locked half**', tally(wisconsinTestLocked, model, threshold, floor)),
      row('Madison Area Tech., to elective credit, locked half', tally(matc.electiveLocked, model, threshold, floor)),
    );
  }
  lines.push(
    row('Madison Area Tech., open half', tally(matc.open, model, threshold, floor)),
    row('Madison Area Tech., to elective credit, open half', tally(matc.electiveOpen, model, threshold, floor)),
    row('Wisconsin test, open half', tally(wisconsinTestOpen, model, threshold, floor)),
    row('Wisconsin tuning (fitted here)', tuned),
    row('Louisiana Delgado → UNO (never fitted)', louisiana.tally),
    row('Florida FIU → UF, text only, test half', tally(florida.test, model, threshold, floor)),
    row('Florida FIU → UF, text only, tuning half', tally(florida.tune, model, threshold, floor)),
  );
  lines.push('', 'Wisconsin test split, open half:', '', ...calibration(wisconsinTestOpen, model));
  if (values.schools) {
    const bySchool = new Map<number, Answer[]>();
    for (const answer of wisconsinTestOpen) bySchool.set(answer.toInstitutionId, [...(bySchool.get(answer.toInstitutionId) ?? []), answer]);
    lines.push('', 'Wisconsin test split, open half:', '', '| receiving school | asked | top-1 | top-3 | known to the index | top-1 without rules | top-3 without rules | shown | shown and right |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const [id, answers] of [...bySchool.entries()].sort((a, b) => b[1].length - a[1].length)) lines.push(row(names.get(id) ?? String(id), tally(answers, model, threshold, floor)));
  }
  if (values.misses) writeMisses(values.misses, [...matc.open, ...wisconsinTestOpen], model);
  process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * The open halves' misses, to study (never the locked halves'): each asked rule whose true course was not first, with
 * the first three suggestions and where the truth came, as CSV.
 */
function writeMisses(file: string, answers: Answer[], model: SuggestionModel): void {
  const rows = ['key,truth_rank,reachable,first,second,third,truth_features'];
  for (const answer of answers) {
    if (isLockedHalf(answer.key ?? '')) continue;
    const { order, confidences, truthRank } = rescored(answer, model);
    if (truthRank === 0) continue;
    const shown = order.slice(0, 3).map((candidate, index) => `${candidate.course.subject} ${candidate.course.number} ${candidate.course.title ?? ''} (${(confidences[index] ?? 0).toFixed(2)})`);
    const truth = truthRank >= 0 ? order[truthRank] : undefined;
    const features = truth ? SUGGESTION_FEATURES.filter((name) => truth.features[name] > 0).map((name) => `${name}=${truth.features[name].toFixed(2)}`).join(' ') : '';
    rows.push([answer.key, truthRank, answer.reachable, ...shown, ...Array(3 - shown.length).fill(''), features].map((value) => `"${String(value).replace(/"/g, '""')}"`).join(','));
  }
  writeFileSync(file, `${rows.join('\n')}\n`);
}

/** The answer's candidates in the order another model gives them. */
function reorder(answer: Answer, model: SuggestionModel): Pick<Answer, 'ranked' | 'truthRank'> {
  const { order, truthRank } = rescored(answer, model);
  return { ranked: order, truthRank };
}

await main();
