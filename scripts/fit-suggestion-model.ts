// Fits the suggestion model's weights (suggest-equivalents.ts, SUGGESTION_MODEL) on queries whose true course is known:
// a conditional logit, i.e. a softmax over each query's candidates plus "none of these", trained by maximum likelihood
// (Adam, full batch, a little L2). Used by scripts/eval-suggest.ts --fit on the tuning split only.

import { SUGGESTION_FEATURES, type SuggestionFeatures, type SuggestionModel } from '../src/server/features/equivalencies/engine/suggest-equivalents';

export interface FitQuery {
  /** Each candidate's features, in SUGGESTION_FEATURES order. */
  candidates: number[][];
  /** Index of the true course among the candidates, or -1 when it is not one of them. */
  truth: number;
}

const FEATURE_COUNT = SUGGESTION_FEATURES.length;

/** The queries as one flat array of features, with each query's first candidate and true course. */
function flatten(queries: FitQuery[]) {
  const starts = new Int32Array(queries.length + 1);
  queries.forEach((query, index) => {
    starts[index + 1] = starts[index]! + query.candidates.length;
  });
  const features = new Float64Array(starts[queries.length]! * FEATURE_COUNT);
  queries.forEach((query, index) => query.candidates.forEach((candidate, offset) => features.set(candidate, (starts[index]! + offset) * FEATURE_COUNT)));
  return { starts, features, truths: Int32Array.from(queries, (query) => query.truth) };
}

/** Mean negative log-likelihood and its gradient (the last entry is the "none" score's). */
function lossAndGradient(data: ReturnType<typeof flatten>, theta: Float64Array, gradient: Float64Array | null): number {
  const { starts, features, truths } = data;
  const none = theta[FEATURE_COUNT]!;
  const queries = truths.length;
  let loss = 0;
  const scores = new Float64Array(256);
  for (let query = 0; query < queries; query += 1) {
    const first = starts[query]!;
    const count = starts[query + 1]! - first;
    let top = none;
    for (let candidate = 0; candidate < count; candidate += 1) {
      let score = 0;
      const base = (first + candidate) * FEATURE_COUNT;
      for (let feature = 0; feature < FEATURE_COUNT; feature += 1) score += features[base + feature]! * theta[feature]!;
      scores[candidate] = score;
      if (score > top) top = score;
    }
    let total = Math.exp(none - top);
    for (let candidate = 0; candidate < count; candidate += 1) total += Math.exp(scores[candidate]! - top);
    const truth = truths[query]!;
    loss -= (truth < 0 ? none : scores[truth]!) - top - Math.log(total);
    if (!gradient) continue;
    for (let candidate = 0; candidate < count; candidate += 1) {
      const share = Math.exp(scores[candidate]! - top) / total - (candidate === truth ? 1 : 0);
      const base = (first + candidate) * FEATURE_COUNT;
      for (let feature = 0; feature < FEATURE_COUNT; feature += 1) gradient[feature] = gradient[feature]! + share * features[base + feature]!;
    }
    gradient[FEATURE_COUNT] = gradient[FEATURE_COUNT]! + Math.exp(none - top) / total - (truth < 0 ? 1 : 0);
  }
  return loss / queries;
}

export function fitSuggestionModel(queries: FitQuery[], options: { iterations?: number; l2?: number; learningRate?: number } = {}): SuggestionModel {
  const { iterations = 800, l2 = 1e-3, learningRate = 0.05 } = options;
  if (queries.some((query) => query.candidates.length > 256)) throw new Error('at most 256 candidates a query');
  const data = flatten(queries);
  const size = FEATURE_COUNT + 1;
  const theta = new Float64Array(size);
  const moment = new Float64Array(size);
  const velocity = new Float64Array(size);
  const gradient = new Float64Array(size);
  for (let step = 1; step <= iterations; step += 1) {
    gradient.fill(0);
    lossAndGradient(data, theta, gradient);
    for (let index = 0; index < size; index += 1) {
      const g = gradient[index]! / queries.length + l2 * theta[index]!;
      moment[index] = 0.9 * moment[index]! + 0.1 * g;
      velocity[index] = 0.999 * velocity[index]! + 0.001 * g * g;
      const corrected = moment[index]! / (1 - 0.9 ** step);
      const scale = Math.sqrt(velocity[index]! / (1 - 0.999 ** step)) + 1e-8;
      theta[index] = theta[index]! - (learningRate * corrected) / scale;
    }
  }
  const weights = Object.fromEntries(SUGGESTION_FEATURES.map((name, index) => [name, Math.round(theta[index]! * 1000) / 1000])) as SuggestionFeatures;
  return { weights, none: Math.round(theta[FEATURE_COUNT]! * 1000) / 1000 };
}

/** Mean negative log-likelihood of the queries under a model: lower is better. */
export function modelLoss(queries: FitQuery[], model: SuggestionModel): number {
  const theta = Float64Array.from([...SUGGESTION_FEATURES.map((name) => model.weights[name]), model.none]);
  return lossAndGradient(flatten(queries), theta, null);
}
