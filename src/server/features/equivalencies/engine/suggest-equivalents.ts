// Ranks destination courses as likely equivalents of a source course no rule covers.
// These are suggestions for a student and a registrar, never a decision: the engine
// keeps such courses NEEDS_EVAL. Signals, strongest first:
//   - peer evidence: how the same course from OTHER sending schools transfers to this
//     destination. Wisconsin technical colleges share statewide numbers such as
//     "(809) 198", and Florida colleges share SCNS numbers, so another college's rule for
//     the same number is close to a rule for this one; the same code or a very similar
//     title elsewhere is weaker evidence;
//   - how the course transfers ELSEWHERE: what its own school's rules (or the same statewide
//     course's rules) name at other destinations; a course here titled like those, or with
//     the same code, is likely the one;
//   - title likeness (words + trigrams) and, when both sides have one, description;
//   - the same statewide number at the destination (technical college to technical
//     college, Florida to Florida), or failing that the very same code;
//   - subject: the same subject code, or where peer rules send this subject;
//   - level (1xxx ≈ 100-level) and credits.
// The score is a weighted average of the signals that are available, so it stays in 0..1.

import { courseKey, courseLevel, formatCourseCode, normaliseSubject, splitCourseCode, wisconsinStatewideKey } from './course-code';
import { isElectiveTarget, nonTransferTargetKind } from './decide-transfers';
import { parseStatewideCourseNumber, statewideEquivalenceKey } from './florida-statewide-numbering';
import { descriptionSimilarity, titleSimilarity } from './text-similarity';
import type { CourseRef, EquivalencyRule, SuggestedCandidate } from './types';

export interface SuggestSource extends CourseRef {
  institutionKey?: string;
  /** When given, peer evidence ignores this school's own rules (they are not peers). */
  institutionId?: number;
}

export interface SuggestEquivalentsInput {
  source: SuggestSource;
  /** Destination catalogue subset to rank. */
  candidates: CourseRef[];
  /** Rules into the same destination from other sending schools for related courses. */
  peerRules?: EquivalencyRule[];
  /**
   * What this course (or the same statewide course) transfers as at OTHER destinations: a destination course with a
   * title like those, or the same code, is likely what it transfers as here too.
   */
  elsewhereTargets?: ElsewhereTarget[];
  limit?: number;
}

export interface ElsewhereTarget {
  course: CourseRef;
  /** How surely the rule's source is this course: 1 for the course itself or the same statewide number. */
  strength: number;
}

const WEIGHTS = { peer: 0.4, title: 0.3, elsewhere: 0.2, code: 0.2, subject: 0.12, description: 0.08, level: 0.05, credits: 0.05 } as const;
type Signal = keyof typeof WEIGHTS;
const MIN_SCORE = 0.12;

interface PeerVote {
  weight: number;
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

/** How strongly a peer rule's source stands for our source (0 when it does not). */
function peerStrength(source: SuggestSource, peer: CourseRef): { strength: number; why: string } {
  const code = formatCourseCode(peer);
  const sourceWisconsin = wisconsinStatewideKey(source);
  if (sourceWisconsin && sourceWisconsin === wisconsinStatewideKey(peer)) return { strength: 1, why: `same Wisconsin statewide number ${formatWisconsinKey(sourceWisconsin)}` };
  const sourceFlorida = parseStatewideCourseNumber(source);
  const peerFlorida = parseStatewideCourseNumber(peer);
  if (sourceFlorida && peerFlorida && statewideEquivalenceKey(sourceFlorida) === statewideEquivalenceKey(peerFlorida)) return { strength: 1, why: `same Florida statewide number (${code})` };
  const title = titleSimilarity(source.title, peer.title);
  if (courseKey(source) === courseKey(peer)) return { strength: 0.5 + 0.3 * title, why: `same code ${code}` };
  if (title >= 0.6) return { strength: 0.6 * title, why: `similar title "${peer.title ?? ''}"` };
  return { strength: 0, why: '' };
}

function isSpecificTarget(target: { subject: string; number: string }): boolean {
  return nonTransferTargetKind(target) === null && !isElectiveTarget(target);
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
      const key = `${courseKey(target)}|${target.title ?? ''}`;
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

export function suggestEquivalents(input: SuggestEquivalentsInput): SuggestedCandidate[] {
  const { source, candidates, peerRules = [], elsewhereTargets = [], limit = 3 } = input;
  const sourceSubject = normaliseSubject(source.subject);
  const sourceLevel = splitCourseCode(formatCourseCode(source))?.statewideProgram ? null : courseLevel(source.number);

  // Peer votes per destination course, and where this subject tends to go.
  const votes = new Map<string, PeerVote>();
  let totalVotes = 0;
  const subjectCounts = new Map<string, number>();
  let subjectTotal = 0;
  for (const rule of peerRules) {
    const specificTargets = rule.targets.filter(isSpecificTarget);
    for (const ruleSource of rule.sources) {
      if (normaliseSubject(ruleSource.subject) !== sourceSubject) continue;
      for (const target of specificTargets) {
        const subject = normaliseSubject(target.subject);
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
    }
    // A rule that needs two source courses says less about one of them.
    const strength = best.strength * (rule.sources.length > 1 ? 0.7 : 1);
    if (strength < 0.3) continue;
    for (const target of specificTargets) {
      const key = courseKey(target);
      const vote = votes.get(key) ?? { weight: 0, bestWhy: '', bestStrength: 0, schools: new Set<number>() };
      vote.weight += strength / specificTargets.length;
      vote.schools.add(rule.fromInstitutionId);
      if (strength > vote.bestStrength) {
        vote.bestStrength = strength;
        vote.bestWhy = best.why;
      }
      votes.set(key, vote);
      totalVotes += strength / specificTargets.length;
    }
  }
  const hasPeerEvidence = totalVotes > 0;

  // Only weigh code likeness when some candidate shares the code, so that scores for
  // unrelated numbering systems are not diluted by a signal that is zero everywhere.
  const codeMatch = (candidate: CourseRef): { value: number; why: string } => {
    const sourceWisconsin = wisconsinStatewideKey(source);
    if (sourceWisconsin && sourceWisconsin === wisconsinStatewideKey(candidate)) return { value: 1, why: `same Wisconsin statewide number ${formatWisconsinKey(sourceWisconsin)}` };
    const sourceFlorida = parseStatewideCourseNumber(source);
    const candidateFlorida = parseStatewideCourseNumber(candidate);
    if (sourceFlorida && candidateFlorida && statewideEquivalenceKey(sourceFlorida) === statewideEquivalenceKey(candidateFlorida)) return { value: 1, why: `same Florida statewide number` };
    if (courseKey(source) === courseKey(candidate)) return { value: 0.6, why: `same code ${formatCourseCode(candidate)}` };
    return { value: 0, why: '' };
  };
  const useCode = candidates.some((candidate) => codeMatch(candidate).value > 0);

  const scored: SuggestedCandidate[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const key = courseKey(candidate);
    if (seen.has(key) || !isSpecificTarget(candidate)) continue;
    seen.add(key);

    const signals: Partial<Record<Signal, number>> = {};
    const why: Array<{ weight: number; text: string }> = [];

    if (hasPeerEvidence) {
      const vote = votes.get(key);
      const share = vote ? vote.weight / totalVotes : 0;
      // Agreement from several schools counts for more than a single rule.
      signals.peer = vote ? share * (1 - Math.exp(-1.2 * vote.weight)) : 0;
      if (vote) {
        const schools = vote.schools.size;
        why.push({ weight: WEIGHTS.peer * signals.peer + 1, text: `${schools} other school${schools === 1 ? '' : 's'} transfer${schools === 1 ? 's' : ''} it here (${vote.bestWhy}; ${percent(share)} of peer evidence)` });
      }
    }

    if (useCode) {
      const code = codeMatch(candidate);
      signals.code = code.value;
      if (code.value > 0) why.push({ weight: WEIGHTS.code * code.value, text: code.why });
    }

    if (elsewhereTargets.length > 0) {
      let best = { value: 0, title: '' };
      for (const { course, strength } of elsewhereTargets) {
        const value = strength * (courseKey(course) === key ? 1 : titleSimilarity(course.title, candidate.title));
        if (value > best.value) best = { value, title: course.title ?? formatCourseCode(course) };
      }
      signals.elsewhere = best.value;
      if (best.value >= 0.5) why.push({ weight: WEIGHTS.elsewhere * best.value, text: `it transfers to other schools as "${best.title}"` });
    }

    const title = titleSimilarity(source.title, candidate.title);
    signals.title = title;
    if (title >= 0.5) why.push({ weight: WEIGHTS.title * title, text: `title ${percent(title)} alike ("${candidate.title ?? ''}")` });

    if (source.description && candidate.description) {
      const description = descriptionSimilarity(source.description, candidate.description);
      signals.description = description;
      if (description >= 0.3) why.push({ weight: WEIGHTS.description * description, text: `descriptions ${percent(description)} alike` });
    }

    const candidateSubject = normaliseSubject(candidate.subject);
    let subject = 0;
    if (candidateSubject === sourceSubject) {
      subject = 1;
      why.push({ weight: WEIGHTS.subject, text: `same subject ${candidate.subject}` });
    } else if (subjectTotal > 0 && subjectCounts.has(candidateSubject)) {
      subject = (subjectCounts.get(candidateSubject) ?? 0) / subjectTotal;
      if (subject >= 0.2) why.push({ weight: WEIGHTS.subject * subject, text: `${source.subject} courses usually transfer here as ${candidate.subject} (${percent(subject)})` });
    } else if (sourceSubject.length >= 3 && candidateSubject.length >= 3 && (candidateSubject.startsWith(sourceSubject) || sourceSubject.startsWith(candidateSubject))) {
      subject = 0.6;
      why.push({ weight: WEIGHTS.subject * subject, text: `similar subject ${candidate.subject}` });
    }
    signals.subject = subject;

    const candidateLevel = courseLevel(candidate.number);
    if (sourceLevel !== null && candidateLevel !== null) {
      signals.level = Math.max(0, 1 - Math.abs(sourceLevel - candidateLevel) / 2);
      if (sourceLevel === candidateLevel) why.push({ weight: WEIGHTS.level, text: `same level (${candidateLevel}00-level)` });
    }

    if (typeof source.credits === 'number' && typeof candidate.credits === 'number') {
      signals.credits = Math.max(0, 1 - Math.abs(source.credits - candidate.credits) / 3);
      if (source.credits === candidate.credits) why.push({ weight: WEIGHTS.credits, text: `${candidate.credits} credits, like yours` });
    }

    let weighted = 0;
    let weightTotal = 0;
    for (const [signal, value] of Object.entries(signals) as Array<[Signal, number]>) {
      weighted += WEIGHTS[signal] * value;
      weightTotal += WEIGHTS[signal];
    }
    const score = weightTotal > 0 ? weighted / weightTotal : 0;
    if (score < MIN_SCORE) continue;
    scored.push({
      subject: candidate.subject,
      number: candidate.number,
      title: candidate.title ?? '',
      score: Math.round(score * 1000) / 1000,
      why: why.sort((a, b) => b.weight - a.weight).map((entry) => entry.text),
    });
  }
  // Ties broken by code so results are stable between runs.
  scored.sort((a, b) => b.score - a.score || courseKey(a).localeCompare(courseKey(b)));
  return scored.slice(0, limit);
}
