import type { EvaluationDecisionResult, QueuePair } from '@shared/schemas/evaluation-queue';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { useUndoDecision } from './evaluation-queue-queries';

const code = (course: { subject: string; number: string }) => `${course.subject} ${course.number}`;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * What a decision did, in the registrar's words (issue 38): the rule written, how many reports change, the appeals it
 * resolves, and when the students hear of it.
 */
export function decisionSummary(pair: QueuePair, result: EvaluationDecisionResult): string {
  const { rule } = result;
  if (!rule) return `${code(pair.course)} from ${pair.fromInstitution.name} is left for later: it moves to the end of the queue.`;
  const written = rule.target
    ? `Rule written: ${rule.source} from ${rule.from} transfers to ${rule.to} as ${rule.target}.`
    : `Rule written: ${rule.source} from ${rule.from} does not transfer to ${rule.to}${rule.reason ? ` (“${rule.reason}”)` : ''}.`;
  const consequences = `${plural(result.reports, 'report')} ${result.reports === 1 ? 'changes' : 'change'}${result.appealsToResolve > 0 ? `; it resolves ${plural(result.appealsToResolve, 'open appeal')}` : ''}.`;
  const told = result.undoUntil ? 'Students are told once the minute to undo it has passed.' : 'Students are told now.';
  return `${written} ${consequences} ${told}`;
}

/** Seconds left until `until` (an ISO time), counted down once a second; 0 once it has passed. */
function useSecondsLeft(until: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.ceil((new Date(until).getTime() - now) / 1000)) : 0;
}

/**
 * One decision as the queue page keeps it in view after its pair has left the list: what it did, and an Undo button
 * for as long as the decision may be taken back.
 */
export function DecisionNotice({ pair, result }: { pair: QueuePair; result: EvaluationDecisionResult }) {
  const undo = useUndoDecision();
  const secondsLeft = useSecondsLeft(result.undoUntil);
  if (undo.isSuccess) {
    return (
      <p>
        Undone: the rule for {code(pair.course)} from {pair.fromInstitution.name} is removed and {plural(undo.data.reports, 'report')} {undo.data.reports === 1 ? 'is' : 'are'} decided
        again without it. The course is back in the queue; no student was told.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <p>{decisionSummary(pair, result)}</p>
      {result.undoUntil && secondsLeft > 0 && (
        <Button variant="secondary" className="shrink-0" disabled={undo.isPending} onClick={() => undo.mutate(result.decisionId)} aria-label={`Undo the decision on ${code(pair.course)}`}>
          Undo ({secondsLeft} s)
        </Button>
      )}
      {undo.isError && <p className="text-red-800">{undo.error.message}</p>}
    </div>
  );
}
