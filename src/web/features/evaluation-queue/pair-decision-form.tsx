import { evaluationDecisionSchema, type EvaluationDecision, type EvaluationDecisionResult, type QueuePair, type QueueSuggestion } from '@shared/schemas/evaluation-queue';
import { useId } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField, TextAreaField } from '../../components/ui/form-field';
import { useSchemaForm } from '../../lib/use-schema-form';
import { decisionSummary } from './decision-notice';
import { useDecidePair } from './evaluation-queue-queries';

const code = (course: { subject: string; number: string }) => `${course.subject} ${course.number}`;
const percent = (value: number) => `${Math.round(value * 100)}%`;

/**
 * The evidence behind a suggestion in a registrar's words, strongest first: the engine's own reasons, then what they
 * leave out (a shared statewide number, how alike the descriptions are).
 */
function evidenceLines(suggestion: QueueSuggestion): string[] {
  const { evidence } = suggestion;
  const lines = [...suggestion.why];
  const mentions = (word: string) => lines.some((line) => line.toLowerCase().includes(word));
  if (evidence.statewideNumber && !mentions('statewide')) lines.push(`Same statewide number: ${evidence.statewideNumber}`);
  if (evidence.descriptionSimilarity !== null && !mentions('description')) lines.push(`descriptions ${percent(evidence.descriptionSimilarity)} alike`);
  if (lines.length === 0) lines.push(`title ${percent(evidence.titleSimilarity)} alike`);
  return lines;
}

const MESSAGES = {
  'target.subject': "Enter the destination course's subject, such as ENG",
  'target.number': "Enter the destination course's number, such as 106",
  reason: 'Say why the course does not transfer: the student will read it',
};

/**
 * The registrar's decision on one pair: approve one of the suggestions, type another destination course, say it does
 * not transfer (with the reason the students will read), or leave it for later. Checked by the same schema the server
 * checks the decision with.
 */
export function PairDecisionForm({ pair, onDecided }: { pair: QueuePair; onDecided?: (result: EvaluationDecisionResult) => void }) {
  const form = useSchemaForm({
    schema: evaluationDecisionSchema,
    initialValues: { subject: '', number: '', title: '', reason: '', studentMessage: '' },
    messages: MESSAGES,
  });
  const mutation = useDecidePair();
  const headingId = useId();
  const identity = { fromInstitutionId: pair.fromInstitution.id, toInstitutionId: pair.toInstitution.id, subject: pair.course.subject, number: pair.course.number };
  const studentMessage = form.values.studentMessage.trim() || undefined;
  // Suggestions under the suggestion owner's floor are folded away: a 3 % guess must not look like the 90 % one.
  const good = pair.suggestions.filter((suggestion) => suggestion.good);
  const weak = pair.suggestions.filter((suggestion) => !suggestion.good);

  const send = (decision: Record<string, unknown>) => {
    const valid = form.validate({ ...identity, ...decision });
    // mutateAsync, not mutate's onSuccess: the decided pair leaves the refetched queue and this form unmounts before
    // a per-call onSuccess would run, so the page never heard of the decision (nor showed its Undo).
    if (valid) mutation.mutateAsync(valid as EvaluationDecision).then((result) => onDecided?.(result), () => undefined);
  };
  const approve = (target: { subject: string; number: string; title?: string }) => send({ action: 'approve', target, studentMessage });

  if (mutation.isSuccess) return <Alert tone="success">{decisionSummary(pair, mutation.data)}</Alert>;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div>
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          Suggestions (not rules yet)
        </h3>
        {pair.suggestions.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No suggestion for this course. Type the course it transfers as, or say it does not transfer.</p>
        ) : good.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">
            <strong>No good suggestion.</strong> None of the candidates is sure enough to approve on its confidence: check them, type the course it transfers as, or say it
            does not transfer.
          </p>
        ) : (
          <SuggestionList suggestions={good} offset={0} disabled={mutation.isPending} onApprove={approve} />
        )}
        {weak.length > 0 && (
          <details className="mt-2 rounded-md border border-slate-200 p-3">
            <summary className="cursor-pointer text-sm font-semibold text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none">
              {good.length === 0 ? `Candidates, low confidence (${weak.length})` : `More candidates, low confidence (${weak.length})`}
            </summary>
            <SuggestionList suggestions={weak} offset={good.length} disabled={mutation.isPending} onApprove={approve} />
          </details>
        )}
      </div>

      <details className="group rounded-md border border-slate-200 bg-slate-50 p-3">
        <summary className="cursor-pointer text-sm font-semibold text-brand-800 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none">
          Another course, does not transfer, or a message to the students
        </summary>
        <div className="mt-3 flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-semibold text-slate-900">Another course</legend>
            <div className="grid gap-2 sm:grid-cols-[8rem_8rem_1fr]">
              <FormField label="Subject" {...form.textField('subject')} error={form.errorFor('target.subject')} autoCapitalize="characters" />
              <FormField label="Number" {...form.textField('number')} error={form.errorFor('target.number')} />
              <FormField label="Title (optional)" {...form.textField('title')} error={form.errorFor('target.title')} />
            </div>
            <div>
              <Button
                variant="secondary"
                disabled={mutation.isPending}
                onClick={() => approve({ subject: form.values.subject, number: form.values.number, title: form.values.title.trim() || undefined })}
              >
                Approve another course
              </Button>
            </div>
          </fieldset>

          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-semibold text-slate-900">Does not transfer</legend>
            <TextAreaField label="Reason the students will read" rows={2} {...form.textField('reason')} />
            <div>
              <Button variant="danger" disabled={mutation.isPending} onClick={() => send({ action: 'no-transfer', reason: form.values.reason, studentMessage })}>
                Does not transfer
              </Button>
            </div>
          </fieldset>

          <TextAreaField label="Message to the students (optional, e-mailed with the decision)" rows={2} {...form.textField('studentMessage')} error={form.errorFor('studentMessage')} />
        </div>
      </details>

      {mutation.isError && <Alert tone="error">{mutation.error.message || 'The decision was not saved. Please try again.'}</Alert>}
      {form.errors.form && <Alert tone="error">{form.errors.form}</Alert>}
      <div>
        <Button variant="ghost" disabled={mutation.isPending} onClick={() => send({ action: 'dismiss' })}>
          Leave for later
        </Button>
      </div>
    </section>
  );
}

/** Suggestions with their confidence, evidence and an Approve button each, numbered from `offset` + 1. */
function SuggestionList({
  suggestions,
  offset,
  disabled,
  onApprove,
}: {
  suggestions: QueueSuggestion[];
  offset: number;
  disabled: boolean;
  onApprove: (target: { subject: string; number: string; title?: string }) => void;
}) {
  return (
    <ol className="mt-2 flex flex-col gap-2">
      {suggestions.map((suggestion, index) => (
        <li key={code(suggestion)} className="flex flex-col gap-2 rounded-md border border-slate-200 bg-white p-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">
              <span className="mr-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">Suggestion {offset + index + 1}</span>
              {code(suggestion)} {suggestion.title}
            </p>
            <p className="text-sm text-slate-700">Confidence {percent(suggestion.confidence)}</p>
            <ul className="mt-1 list-disc pl-5 text-xs text-slate-600">
              {evidenceLines(suggestion).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
          <Button className="shrink-0" variant={suggestion.good ? 'primary' : 'secondary'} disabled={disabled} onClick={() => onApprove({ subject: suggestion.subject, number: suggestion.number, title: suggestion.title })}>
            Approve {code(suggestion)}
          </Button>
        </li>
      ))}
    </ol>
  );
}
