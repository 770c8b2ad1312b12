// Ranks destination courses as likely equivalents of a source course no rule covers, each with a confidence: the
// measured probability that it is the course the school would name. These are suggestions for a registrar (and, above
// a measured confidence, for a student), never a decision: the engine keeps such courses NEEDS_EVAL.
//
// Evidence, per candidate:
//   - peers: how the same course from OTHER sending schools transfers here. Wisconsin technical colleges share
//     statewide numbers such as "(809) 198" and Florida colleges share SCNS numbers, so another college's rule for the
//     same number is close to a rule for this one; the same code or a very similar title elsewhere is weaker;
//   - links through other schools' rules (suggestion-graph.ts): the candidate transfers back to the student's school as
//     this course, or both become the same course somewhere else, and so on;
//   - the sending school's own rules for its like-titled courses into this destination (and, against, a candidate
//     another of its courses already becomes);
//   - how the course transfers ELSEWHERE: a course here titled like what it becomes at other schools;
//   - title likeness (words + trigrams) and, when both sides have one, description likeness (rare words weigh more);
//   - the same statewide number (or the very same code) at the destination;
//   - subject (the same, or where peer rules send this subject), level, credits, and how often rules name the course.
// Each becomes a number in 0..1; a linear score over them, with weights fitted on held-out Wisconsin rules and
// Florida catalogue pairs (`npm run eval:suggest -- --fit`), goes through a softmax over every candidate plus "none of
// these" (the true course is not always among the candidates), which turns scores into probabilities that add up to
// at most 1. Decision record 050 says why.

import { codeKey, courseLevel, formatCourseCode, splitCourseCode, wisconsinStatewideKey } from '../../catalogue';
import { isElectiveTarget, nonTransferTargetKind } from './verdict-class';
import { parseStatewideCourseNumber, statewideEquivalenceKey } from './florida-statewide-numbering';
import { LINK_KINDS, type LinkKind, type LinkVotes } from './suggestion-graph';
import { descriptionSimilarity, descriptionWordWeights, titleSimilarity } from './text-similarity';
import type { CourseRef, EquivalencyRule, SuggestedCandidate, SuggestionEvidence } from './types';

export interface SuggestSource extends CourseRef {
  institutionKey?: string;
  /** When given, peer evidence ignores this school's own rules (they are not peers). */
  institutionId?: number;
}

export interface SuggestEquivalentsInput {
  source: SuggestSource;
  /** Destination courses to rank. */
  candidates: CourseRef[];
  /** Rules into the same destination from other sending schools for related courses. */
  peerRules?: EquivalencyRule[];
  /**
   * What this course (or the same statewide course) transfers as at OTHER destinations: a destination course with a
   * title like those, or the same code, is likely what it transfers as here too.
   */
  elsewhereTargets?: ElsewhereTarget[];
  /** Destination courses linked to this one through other schools' rules (linkedVotes in suggestion-graph.ts). */
  links?: LinkVotes;
  /**
   * The sending school's own rules into this destination for its OTHER courses: a course titled like this one that
   * transfers as a candidate is a vote (a sequence's other half, an honors section), and a candidate another course
   * already transfers as is less likely to be this one too.
   */
  pairRules?: EquivalencyRule[];
  /** How many rules into the destination name each course (by codeKey): generic targets are named often. */
  targetCounts?: Map<string, number>;
  limit?: number;
}

export interface ElsewhereTarget {
  course: CourseRef;
  /** How surely the rule's source is this course: 1 for the course itself or the same statewide number. */
  strength: number;
}

export const SUGGESTION_FEATURES = [
  'peer',
  'peerStatewide',
  'peerSchools',
  'peerTitle',
  ...LINK_KINDS,
  'linkBreadth',
  'sibling',
  'taken',
  'popularity',
  'elsewhere',
  'title',
  'titleHigh',
  'titleBest',
  'evidenceBest',
  'description',
  'code',
  'subject',
  'levelSame',
  'levelFar',
  'creditsSame',
  'creditsFar',
  'elective',
  'upperLevel',
] as const;
export type SuggestionFeature = (typeof SUGGESTION_FEATURES)[number];
export type SuggestionFeatures = Record<SuggestionFeature, number>;

export interface SuggestionModel {
  weights: SuggestionFeatures;
  /** Score of "none of these candidates is the course": the softmax's extra option. */
  none: number;
}

/**
 * Fitted by `npm run eval:suggest -- --fit` on a tuning split of the Wisconsin rules that the reported figures do not
 * use (docs/BENCHMARKS.md, "Suggestion ranking"). Refit and paste when a feature changes.
 */
export const SUGGESTION_MODEL: SuggestionModel = {
  weights: {
    peer: -0.27,
    peerStatewide: 1.56,
    peerSchools: 0.583,
    peerTitle: 2.699,
    reverse: 0.756,
    sharedSource: 0.819,
    twoStep: 0.329,
    sharedTarget: 0.275,
    linkBreadth: 2.891,
    sibling: 0.551,
    taken: -0.325,
    popularity: 2.663,
    elsewhere: 1.128,
    title: 0.599,
    titleHigh: 0.915,
    titleBest: 0.622,
    evidenceBest: 0.336,
    description: 0.725,
    code: 0.458,
    subject: 2.827,
    levelSame: 0.71,
    levelFar: -1.053,
    creditsSame: -0.859,
    creditsFar: -1.929,
    elective: -0.996,
    upperLevel: -0.572,
  },
  none: 5.614,
};

/** Subject, level and credits come after what identifies the course in the why list, whatever their weight. */
const ATTRIBUTE_WHY = -100;

/** Popularity (log share of the most-named course's count) from which a course is a candidate on popularity alone. */
const POPULAR_TARGET = 0.85;

/** Candidates kept when nothing but subject, level and credits points at them: none. */
const IDENTITY_SIGNALS: SuggestionFeature[] = ['peer', 'peerTitle', ...LINK_KINDS, 'sibling', 'elsewhere', 'title', 'description', 'code'];

interface PeerVote {
  course: CourseRef;
  weight: number;
  /** The part of the weight from rules for the same statewide number. */
  statewideWeight: number;
  /** The strongest kind of evidence behind the vote, for the why text. */
  bestWhy: string;
  bestStrength: number;
  schools: Set<number>;
}

/** "809-198" → "(809) 198", as the colleges print it. */
function formatWisconsinKey(key: string): string {
  const [program, number] = key.split('-');
  return `(${program}) ${number}`;
}

/** The statewide number two courses share, in words, or null. */
function sharedStatewideNumber(source: CourseRef, other: CourseRef): string | null {
  const sourceWisconsin = wisconsinStatewideKey(source);
  if (sourceWisconsin && sourceWisconsin === wisconsinStatewideKey(other)) return `Wisconsin statewide number ${formatWisconsinKey(sourceWisconsin)}`;
  const sourceFlorida = parseStatewideCourseNumber(source);
  const otherFlorida = parseStatewideCourseNumber(other);
  if (sourceFlorida && otherFlorida && statewideEquivalenceKey(sourceFlorida) === statewideEquivalenceKey(otherFlorida)) return `Florida statewide number ${formatCourseCode(source)}`;
  return null;
}

/** How strongly a peer rule's source stands for our source (0 when it does not). */
function peerStrength(source: SuggestSource, peer: CourseRef): { strength: number; why: string } {
  const statewide = sharedStatewideNumber(source, peer);
  if (statewide) return { strength: 1, why: `same ${statewide}` };
  const title = titleSimilarity(source.title, peer.title);
  if (codeKey(source) === codeKey(peer)) return { strength: 0.5 + 0.3 * title, why: `same code ${formatCourseCode(peer)}` };
  if (title >= 0.6) return { strength: 0.6 * title, why: `similar title "${peer.title ?? ''}"` };
  return { strength: 0, why: '' };
}

function isSpecificTarget(target: { subject: string; number: string }): boolean {
  return nonTransferTargetKind(target) === null && !isElectiveTarget(target);
}

/** What a registrar may be offered: a specific course, or elective credit in a subject ("MAT EL"); never "does not transfer". */
function isOfferable(target: { subject: string; number: string; isElective?: boolean }): boolean {
  return nonTransferTargetKind(target) === null;
}

const MAX_ELSEWHERE_TARGETS = 12;

/**
 * The specific courses a source course transfers as at other destinations, from rules the caller picked (the course's
 * own school's, or the same statewide course's, into other schools): each distinct course once, the most frequent first.
 */
export function elsewhereTargetsOf(rules: Iterable<EquivalencyRule>): ElsewhereTarget[] {
  const targets = new Map<string, { course: CourseRef; count: number }>();
  for (const rule of rules) {
    if (!rule.transfers || rule.sources.length !== 1) continue;
    for (const target of rule.targets) {
      if (!isSpecificTarget(target)) continue;
      const key = `${codeKey(target)}|${target.title ?? ''}`;
      const known = targets.get(key);
      if (known) known.count += 1;
      else targets.set(key, { course: target, count: 1 });
    }
  }
  return [...targets.values()]
    .sort((a, b) => b.count - a.count)
    .slice(0, MAX_ELSEWHERE_TARGETS)
    .map(({ course }) => ({ course, strength: 1 }));
}

function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

const LINK_WHY: Record<LinkKind, (via: string, count: number) => string> = {
  reverse: () => 'it transfers to your school as this very course',
  sharedSource: (via, count) => `a course that transfers to your school as this one transfers here as it (${count === 1 ? via : `${count} such courses`})`,
  twoStep: (via, count) => `this course transfers to another school as ${count === 1 ? via : `${count} courses`}, which transfer${count === 1 ? 's' : ''} here as it`,
  sharedTarget: (via, count) => `both transfer to another school as the same course (${count === 1 ? via : `${count} schools`})`,
};

/** One destination course with what points at it; `score` is the model's linear score, before the softmax. */
export interface RankedCandidate {
  course: CourseRef;
  features: SuggestionFeatures;
  score: number;
  why: Array<{ weight: number; text: string }>;
  evidence: SuggestionEvidence;
}

/** Every destination course with any identity evidence, features and linear score, best first (for fitting too). */
export function rankSuggestionCandidates(input: Omit<SuggestEquivalentsInput, 'limit'>, model: SuggestionModel = SUGGESTION_MODEL): RankedCandidate[] {
  const { source, candidates, peerRules = [], elsewhereTargets = [], links, pairRules = [], targetCounts } = input;
  const sourceSubject = codeKey(source.subject);
  const sourceIsStatewideProgram = Boolean(splitCourseCode(formatCourseCode(source))?.statewideProgram);
  const sourceLevel = sourceIsStatewideProgram ? null : courseLevel(source.number);
  const sourceCredits = typeof source.credits === 'number' ? source.credits : null;

  // Peer votes per destination course, and where this subject tends to go.
  const votes = new Map<string, PeerVote>();
  let totalVotes = 0;
  let statewideVotes = 0;
  const peerTitles = new Map<string, number>();
  const subjectCounts = new Map<string, number>();
  let subjectTotal = 0;
  for (const rule of peerRules) {
    const specificTargets = rule.targets.filter(isOfferable);
    for (const ruleSource of rule.sources) {
      if (codeKey(ruleSource.subject) !== sourceSubject) continue;
      for (const target of specificTargets) {
        const subject = codeKey(target.subject);
        subjectCounts.set(subject, (subjectCounts.get(subject) ?? 0) + 1);
        subjectTotal += 1;
      }
    }
    if (source.institutionId !== undefined && rule.fromInstitutionId === source.institutionId) continue;
    if (specificTargets.length === 0) continue;
    let best = { strength: 0, why: '' };
    for (const ruleSource of rule.sources) {
      const match = peerStrength(source, ruleSource);
      if (match.strength > best.strength) best = match;
      // The titles other schools' courses carry into a destination course are other names for it.
      if (rule.sources.length === 1) {
        const likeness = titleSimilarity(source.title, ruleSource.title);
        for (const target of specificTargets) if (likeness > (peerTitles.get(codeKey(target)) ?? 0)) peerTitles.set(codeKey(target), likeness);
      }
    }
    // A rule that needs two source courses says less about one of them.
    const strength = best.strength * (rule.sources.length > 1 ? 0.7 : 1);
    if (strength < 0.3) continue;
    for (const target of specificTargets) {
      const key = codeKey(target);
      const vote = votes.get(key) ?? { course: target, weight: 0, statewideWeight: 0, bestWhy: '', bestStrength: 0, schools: new Set<number>() };
      vote.weight += strength / specificTargets.length;
      if (strength === 1) vote.statewideWeight += 1 / specificTargets.length;
      vote.schools.add(rule.fromInstitutionId);
      if (strength > vote.bestStrength) {
        vote.bestStrength = strength;
        vote.bestWhy = best.why;
      }
      votes.set(key, vote);
      totalVotes += strength / specificTargets.length;
      if (strength === 1) statewideVotes += 1 / specificTargets.length;
    }
  }
  // The sending school's other courses into this destination.
  const sourceKey = codeKey(source);
  const siblingVotes = new Map<string, { course: CourseRef; weight: number; title: string }>();
  let siblingTotal = 0;
  const taken = new Set<string>();
  for (const rule of pairRules) {
    if (!rule.transfers || rule.sources.length !== 1 || rule.sources.some((ruleSource) => codeKey(ruleSource) === sourceKey)) continue;
    const [sibling] = rule.sources;
    const specificTargets = rule.targets.filter(isOfferable);
    // Elective credit is shared by many courses: only a specific course another course becomes is "taken".
    for (const target of specificTargets) if (isSpecificTarget(target)) taken.add(codeKey(target));
    const likeness = codeKey(sibling!.subject) === sourceSubject ? titleSimilarity(source.title, sibling!.title) : 0;
    if (likeness < 0.6) continue;
    for (const target of specificTargets) {
      const known = siblingVotes.get(codeKey(target));
      siblingVotes.set(codeKey(target), { course: target, weight: (known?.weight ?? 0) + likeness, title: known?.title ?? sibling!.title ?? formatCourseCode(sibling!) });
      siblingTotal += likeness;
    }
  }
  const maxCount = Math.max(1, ...(targetCounts?.values() ?? []));
  const linkTotals = Object.fromEntries(LINK_KINDS.map((kind) => [kind, [...(links?.[kind].values() ?? [])].reduce((sum, vote) => sum + vote.count, 0)])) as Record<LinkKind, number>;

  const pool = new Map<string, CourseRef>();
  for (const candidate of candidates) if (isOfferable(candidate) && !pool.has(codeKey(candidate))) pool.set(codeKey(candidate), candidate);
  // A course other rules name is a candidate even when the caller's pool (a catalogue) missed it.
  const named = [...votes, ...siblingVotes, ...LINK_KINDS.flatMap((kind) => [...(links?.[kind] ?? [])])];
  for (const [key, vote] of named) if (!pool.has(key)) pool.set(key, vote.course);

  const descriptionWeights = source.description ? descriptionWordWeights([...pool.values()].map((candidate) => candidate.description)) : undefined;
  const ranked: RankedCandidate[] = [];
  for (const [key, candidate] of pool) {
    const features = Object.fromEntries(SUGGESTION_FEATURES.map((name) => [name, 0])) as SuggestionFeatures;
    const why: Array<{ weight: number; text: string }> = [];
    const w = model.weights;

    features.popularity = Math.log1p(targetCounts?.get(key) ?? 0) / Math.log1p(maxCount);
    features.peerTitle = peerTitles.get(key) ?? 0;
    const vote = votes.get(key);
    if (vote && totalVotes > 0) {
      const share = vote.weight / totalVotes;
      // Agreement from several schools counts for more than a single rule.
      features.peer = share * (1 - Math.exp(-1.2 * vote.weight));
      features.peerSchools = 1 - Math.exp(-0.7 * vote.schools.size);
      features.peerStatewide = statewideVotes > 0 ? vote.statewideWeight / statewideVotes : 0;
      const schools = vote.schools.size;
      why.push({ weight: w.peer * features.peer + 10, text: `${schools} other school${schools === 1 ? '' : 's'} transfer${schools === 1 ? 's' : ''} it here (${vote.bestWhy}; ${percent(share)} of peer evidence)` });
    }

    let linkCount = 0;
    for (const kind of LINK_KINDS) {
      const link = links?.[kind].get(key);
      if (!link || linkTotals[kind] === 0) continue;
      features[kind] = link.count / linkTotals[kind];
      linkCount += link.count;
      why.push({ weight: w[kind] * features[kind] + 5, text: LINK_WHY[kind](link.via, link.count) });
    }
    features.linkBreadth = 1 - Math.exp(-0.5 * linkCount);

    const sibling = siblingVotes.get(key);
    if (sibling) {
      features.sibling = sibling.weight / siblingTotal;
      why.push({ weight: w.sibling * features.sibling, text: `your school's "${sibling.title}" transfers here as it` });
    }
    features.taken = taken.has(key) && !sibling ? 1 : 0;

    const statewide = sharedStatewideNumber(source, candidate);
    const sameCode = codeKey(source) === key;
    features.code = statewide ? 1 : sameCode ? 0.6 : 0;
    if (features.code > 0) why.push({ weight: w.code * features.code, text: statewide ? `same ${statewide}` : `same code ${formatCourseCode(candidate)}` });

    let elsewhereTitle: string | null = null;
    for (const { course, strength } of elsewhereTargets) {
      const value = strength * (codeKey(course) === key ? 1 : titleSimilarity(course.title, candidate.title));
      if (value > features.elsewhere) {
        features.elsewhere = value;
        elsewhereTitle = course.title ?? formatCourseCode(course);
      }
    }
    if (features.elsewhere >= 0.5) why.push({ weight: w.elsewhere * features.elsewhere, text: `it transfers to other schools as "${elsewhereTitle ?? ''}"` });

    features.title = titleSimilarity(source.title, candidate.title);
    features.titleHigh = Math.max(0, features.title - 0.6) / 0.4;
    if (features.title >= 0.5) why.push({ weight: w.title * features.title, text: `title ${percent(features.title)} alike ("${candidate.title ?? ''}")` });

    const description = source.description && candidate.description ? descriptionSimilarity(source.description, candidate.description, descriptionWeights) : null;
    features.description = description ?? 0;
    if (description !== null && description >= 0.3) why.push({ weight: w.description * description, text: `descriptions ${percent(description)} alike` });

    // Nothing but subject, level and credits never makes a suggestion; the destination's most-named course (a generic
    // "General Confer" credit) is the one exception, and it comes with a low confidence.
    const identified = IDENTITY_SIGNALS.some((name) => features[name] >= (name === 'title' || name === 'peerTitle' ? 0.3 : name === 'description' ? 0.2 : 0.05));
    if (!identified && features.popularity < POPULAR_TARGET) continue;

    const candidateSubject = codeKey(candidate.subject);
    if (candidateSubject === sourceSubject) {
      features.subject = 1;
      why.push({ weight: ATTRIBUTE_WHY + w.subject, text: `same subject ${candidate.subject}` });
    } else if (subjectTotal > 0 && subjectCounts.has(candidateSubject)) {
      features.subject = (subjectCounts.get(candidateSubject) ?? 0) / subjectTotal;
      if (features.subject >= 0.2) why.push({ weight: ATTRIBUTE_WHY + w.subject * features.subject, text: `${source.subject} courses usually transfer here as ${candidate.subject} (${percent(features.subject)})` });
    } else if (sourceSubject.length >= 3 && candidateSubject.length >= 3 && (candidateSubject.startsWith(sourceSubject) || sourceSubject.startsWith(candidateSubject))) {
      features.subject = 0.6;
      why.push({ weight: ATTRIBUTE_WHY + w.subject * features.subject, text: `similar subject ${candidate.subject}` });
    }

    const candidateLevel = courseLevel(candidate.number);
    if (sourceLevel !== null && candidateLevel !== null) {
      features.levelSame = sourceLevel === candidateLevel ? 1 : 0;
      features.levelFar = Math.abs(sourceLevel - candidateLevel) >= 2 ? 1 : 0;
      if (features.levelSame) why.push({ weight: ATTRIBUTE_WHY + w.levelSame, text: `same level (${candidateLevel}00-level)` });
    }
    // A first- or second-year course (a technical college's statewide-numbered courses are) rarely becomes an
    // upper-division one.
    if (candidateLevel !== null && candidateLevel >= 3 && (sourceIsStatewideProgram || (sourceLevel !== null && sourceLevel <= 2))) features.upperLevel = 1;
    if (isElectiveTarget(candidate)) {
      features.elective = 1;
      why.push({ weight: ATTRIBUTE_WHY, text: `elective credit in ${candidate.subject}` });
    }

    const candidateCredits = typeof candidate.credits === 'number' ? candidate.credits : null;
    if (sourceCredits !== null && candidateCredits !== null) {
      features.creditsSame = sourceCredits === candidateCredits ? 1 : 0;
      features.creditsFar = Math.min(1, Math.abs(sourceCredits - candidateCredits) / 3);
      if (features.creditsSame) why.push({ weight: ATTRIBUTE_WHY + w.creditsSame, text: `${candidateCredits} credits, like yours` });
    }

    let score = 0;
    for (const name of SUGGESTION_FEATURES) score += w[name] * features[name];
    ranked.push({
      course: candidate,
      features,
      score,
      why,
      evidence: {
        statewideNumber: statewide,
        sameCode,
        peerSchools: vote?.schools.size ?? 0,
        linkedCourses: linkCount,
        transfersElsewhereAs: features.elsewhere >= 0.5 ? elsewhereTitle : null,
        titleSimilarity: round(features.title),
        descriptionSimilarity: description === null ? null : round(description),
        credits: { yours: sourceCredits, candidate: candidateCredits },
        level: { yours: sourceLevel, candidate: candidateLevel },
      },
    });
  }
  // Relative evidence: being the best-titled candidate, or the one most rules point at, says more than the value alone.
  const bestTitle = Math.max(0, ...ranked.map((candidate) => candidate.features.title));
  const ruleEvidence = (features: SuggestionFeatures) => features.peer + features.linkBreadth + features.sibling;
  const bestEvidence = Math.max(0, ...ranked.map((candidate) => ruleEvidence(candidate.features)));
  // Soft, so that a near tie is not all or nothing: the best counts 1, 0.01 short of it 0.9, 0.1 or more short 0.
  const nearBest = (value: number, best: number) => (best > 0 ? Math.max(0, 1 - (best - value) / 0.1) : 0);
  for (const candidate of ranked) {
    candidate.features.titleBest = nearBest(candidate.features.title, bestTitle);
    candidate.features.evidenceBest = nearBest(ruleEvidence(candidate.features), bestEvidence);
    candidate.score += model.weights.titleBest * candidate.features.titleBest + model.weights.evidenceBest * candidate.features.evidenceBest;
  }
  // Ties broken by code so results are stable between runs.
  ranked.sort((a, b) => b.score - a.score || codeKey(a.course).localeCompare(codeKey(b.course)));
  return ranked;
}

function round(value: number, places = 3): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}

/** Probabilities for ranked candidates: a softmax over their scores and the model's "none of these". */
export function candidateConfidences(ranked: readonly { score: number }[], model: SuggestionModel = SUGGESTION_MODEL): number[] {
  const top = Math.max(model.none, ...ranked.map((candidate) => candidate.score));
  const weights = ranked.map((candidate) => Math.exp(candidate.score - top));
  const total = Math.exp(model.none - top) + weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => weight / total);
}

export function suggestEquivalents(input: SuggestEquivalentsInput): SuggestedCandidate[] {
  const ranked = rankSuggestionCandidates(input);
  const confidences = candidateConfidences(ranked);
  return ranked.slice(0, input.limit ?? 3).map((candidate, index) => {
    const confidence = round(confidences[index] ?? 0);
    return {
      subject: candidate.course.subject,
      number: candidate.course.number,
      title: candidate.course.title ?? '',
      score: confidence,
      confidence,
      why: candidate.why.sort((a, b) => b.weight - a.weight).map((entry) => entry.text),
      evidence: candidate.evidence,
    };
  });
}
