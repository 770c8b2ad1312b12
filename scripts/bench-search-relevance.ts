/**
 * `npm run bench:search-relevance`: does course search put the course a student means first, with the right verdict?
 *
 * Asks `GET /api/courses/search?q=TEXT` (the text alone, as a link, a saved search or any client sends it) every judged
 * question in scripts/search-relevance/ on the demo's real data (the seed and every reference set:
 * scripts/support/demo-database.ts) and counts, per half of the set:
 *   - right first: the judged course is the first result (for a nonsense question: there are no results);
 *   - in the top 3: it is among the first three;
 *   - verdict right: for a question that names a destination, the verdict the answer gives the judged course (wherever
 *     it is on the first page) is the judged one.
 *
 * The set is split in two halves with a recorded seed (scripts/search-relevance/README.md): the tuning half, and the
 * locked half, which is the figure that counts and whose single questions are never printed (only its totals), so it
 * stays unseen while the ranking is tuned.
 *
 * Options: --half tuning|locked|both (default both); --failures prints the tuning half's misses, one a line;
 * --split SEED writes the two halves from questions in both files (used once, recorded in the README).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { createApp } from '../src/server/app';
import { startServices } from '../src/server/bootstrap';
import { createLogger } from '../src/server/logger';
import type { CourseSearchResponse, CourseSearchResult } from '../src/shared/schemas/course';
import type { VerdictClass } from '../src/shared/schemas/verdict-class';
import { benchConfig, openDemoDatabase } from './support/demo-database';
import { Rng } from './transcript-layouts/random';

const FOLDER = resolve(import.meta.dirname, 'search-relevance');
const HALVES = { tuning: `${FOLDER}/questions-tuning.tsv`, locked: `${FOLDER}/questions-locked.tsv` } as const;
type Half = keyof typeof HALVES;

/**
 * What a student is told about the judged course at the destination the question names. The classes of issue 34: a
 * specific course, elective credit, general-education credit, credit toward no degree, no credit (college-prep or
 * remedial), not guaranteed (a statewide-numbering exception), does not transfer, needs review. `none`: the question
 * names no destination, so nothing is judged.
 */
const VERDICTS = ['course', 'elective', 'general-education', 'no-degree-credit', 'no-credit', 'not-guaranteed', 'does-not-transfer', 'needs-review', 'none'] as const;
type Verdict = (typeof VERDICTS)[number];

export interface Question {
  id: string;
  state: string;
  kind: string;
  text: string;
  /** Acceptable first courses, each "school-key:SUBJ NUMBER"; empty for a question that should find nothing. */
  expected: string[];
  verdict: Verdict;
}

function readQuestions(path: string): Question[] {
  const lines = readFileSync(path, 'utf8').split('\n');
  return lines.flatMap((line, index) => {
    if (index === 0 || !line.trim() || line.startsWith('#')) return [];
    const [id = '', state = '', kind = '', text = '', expected = '', verdict = ''] = line.split('\t');
    if (!VERDICTS.includes(verdict as Verdict)) throw new Error(`${path}:${index + 1}: unknown verdict "${verdict}"`);
    return [{ id, state, kind, text, expected: expected === '-' ? [] : expected.split('|').map((code) => code.trim()), verdict: verdict as Verdict }];
  });
}

const HEADER = 'id\tstate\tkind\tquestion\texpected first (school-key:CODE, | between alternatives; - for none)\tverdict';
const toLine = (q: Question) => [q.id, q.state, q.kind, q.text, q.expected.length ? q.expected.join(' | ') : '-', q.verdict].join('\t');

/** A reproducible shuffle (mulberry32), so the split can be made again from its seed. */
function shuffled<T>(items: T[], seed: number): T[] {
  const rng = new Rng(seed);
  const random = () => rng.next();
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const squeeze = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const isCourse = (result: CourseSearchResult, expected: string) => {
  const colon = expected.indexOf(':');
  return result.schoolKey === expected.slice(0, colon) && squeeze(result.courseNumber) === squeeze(expected.slice(colon + 1));
};

/** The benchmark's words for the verdict classes every card carries (src/shared/schemas/verdict-class.ts, issue 34). */
const VERDICT_OF_CLASS: Record<VerdictClass, Verdict> = {
  'specific-course': 'course',
  'general-education': 'general-education',
  elective: 'elective',
  'not-guaranteed': 'not-guaranteed',
  'needs-review': 'needs-review',
  'not-degree-credit': 'no-degree-credit',
  'no-credit': 'no-credit',
  'does-not-transfer': 'does-not-transfer',
};

/** The verdict a card gives at the destination the question names: its verdict class. */
function verdictOf(result: CourseSearchResult, answer: CourseSearchResponse): Verdict {
  if (!answer.target) return 'none';
  return VERDICT_OF_CLASS[result.verdictClass];
}

interface Outcome {
  question: Question;
  firstRight: boolean;
  top3: boolean;
  /** Null when the question names no destination or expects nothing. */
  verdictRight: boolean | null;
  got: string;
  ms: number;
}

async function ask(app: ReturnType<typeof createApp>['app'], question: Question): Promise<Outcome> {
  const started = performance.now();
  const response = await app.request(`/api/courses/search?${new URLSearchParams({ q: question.text, limit: '10' })}`);
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`"${question.text}" answered ${response.status}: ${await response.text()}`);
  const answer = (await response.json()) as CourseSearchResponse;
  const results = answer.results;
  const describe = (result: CourseSearchResult | undefined) =>
    result ? `${result.schoolKey}:${result.courseNumber} ${result.courseName} [${verdictOf(result, answer)}]` : 'no results';
  if (question.expected.length === 0) {
    const right = results.length === 0;
    return { question, firstRight: right, top3: right, verdictRight: null, got: describe(results[0]), ms };
  }
  const position = results.findIndex((result) => question.expected.some((expected) => isCourse(result, expected)));
  const judged = position >= 0 ? results[position]! : undefined;
  return {
    question,
    firstRight: position === 0,
    top3: position >= 0 && position < 3,
    verdictRight: question.verdict === 'none' ? null : judged !== undefined && verdictOf(judged, answer) === question.verdict,
    got: `${describe(results[0])}${position > 0 ? ` (judged course at ${position + 1})` : position < 0 ? ' (judged course not on the first page)' : ''}; target ${answer.target?.name ?? 'none'}`,
    ms,
  };
}

const share = (count: number, of: number) => (of === 0 ? '–' : `${(count / of).toFixed(2)} (${count}/${of})`);

function totals(outcomes: Outcome[]) {
  const judged = outcomes.filter((outcome) => outcome.verdictRight !== null);
  return {
    questions: outcomes.length,
    rightFirst: share(outcomes.filter((outcome) => outcome.firstRight).length, outcomes.length),
    top3: share(outcomes.filter((outcome) => outcome.top3).length, outcomes.length),
    verdictRight: share(judged.filter((outcome) => outcome.verdictRight).length, judged.length),
  };
}

async function main() {
  const args = process.argv.slice(2);
  const splitAt = args.indexOf('--split');
  if (splitAt >= 0) {
    const seed = Number(args[splitAt + 1]);
    const all = [...readQuestions(HALVES.tuning), ...readQuestions(HALVES.locked)].sort((a, b) => a.id.localeCompare(b.id));
    const order = shuffled(all, seed);
    const half = Math.ceil(order.length / 2);
    const byId = (list: Question[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
    writeFileSync(HALVES.tuning, `${HEADER}\n${byId(order.slice(0, half)).map(toLine).join('\n')}\n`);
    writeFileSync(HALVES.locked, `${HEADER}\n${byId(order.slice(half)).map(toLine).join('\n')}\n`);
    console.log(`Split ${all.length} questions with seed ${seed}: ${half} tuning, ${all.length - half} locked.`);
    return;
  }
  const halfArg = args[args.indexOf('--half') + 1];
  const halves: Half[] = args.includes('--half') && (halfArg === 'tuning' || halfArg === 'locked') ? [halfArg] : ['tuning', 'locked'];
  const showFailures = args.includes('--failures');

  const { db, dataDir, close } = await openDemoDatabase();
  const deps = await startServices(benchConfig(dataDir), { db, logger: createLogger('silent') });
  const { app } = createApp(deps);
  try {
    // The first search starts the server's search index; ask once and give it time, so every question meets the same server.
    await app.request('/api/courses/search?q=calculus');
    await new Promise((done) => setTimeout(done, 5000));
    const load = loadavg().map((value) => value.toFixed(1)).join(' ');
    console.log(`\n${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · load average ${load} · GET /api/courses/search?q=TEXT (the text alone)\n`);
    console.log('| half | questions | right first | in top 3 | verdict right |');
    console.log('|---|---|---|---|---|');
    const rows: string[] = [];
    for (const half of halves) {
      const outcomes: Outcome[] = [];
      for (const question of readQuestions(HALVES[half])) outcomes.push(await ask(app, question));
      const t = totals(outcomes);
      rows.push(`| ${half} | ${t.questions} | ${t.rightFirst} | ${t.top3} | ${t.verdictRight} |`);
      console.log(rows.at(-1));
      if (half === 'tuning' && showFailures) {
        for (const outcome of outcomes.filter((o) => !o.firstRight || o.verdictRight === false)) {
          console.error(`  ${outcome.question.id} "${outcome.question.text}" → want ${outcome.question.expected.join(' | ') || 'nothing'} [${outcome.question.verdict}]; got ${outcome.got}`);
        }
      }
      const times = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
      console.log(`|  | (one at a time: p50 ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms) | | | |`);
    }
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
