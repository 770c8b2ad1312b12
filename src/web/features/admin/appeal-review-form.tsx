import { type AdminAppeal, type AppealDecision, type AppealStatus, updateAppealSchema } from '@shared/schemas/admin';
import { type Ref, useImperativeHandle, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField, TextAreaField } from '../../components/ui/form-field';
import { ApiError } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/use-schema-form';
import { appealStatusText } from '../appeals';
import { useUpdateAppeal } from './admin-queries';

/** The update schema (src/shared) checks the request; its rule fields' problems in a clerk's words. */
const MESSAGES = {
  'createRule.credits': (issue: { code: string; message: string }) => (issue.code === 'invalid_type' ? 'Enter the credits as a number, such as 3' : issue.message),
};

/** What the queue's keyboard shortcuts ask of the form: the same as pressing its buttons. */
export interface AppealActions {
  send: (status: AppealStatus) => void;
}

/** The keys of the three actions, shown on the buttons and read by the queue page. */
const ACTION_KEYS: Record<AppealStatus, string> = { in_review: 'i', resolved: 'r', submitted: 'o' };

/**
 * The clerk's review of one appeal (spec section 4): notes, a message to the student, and the buttons that move it
 * between statuses; resolving needs a decision, and an approval can create the equivalency rule it asks for.
 * `onNext` opens the appeal after this one in the list.
 */
export function AppealReviewForm({ appeal, onNext, actionsRef }: { appeal: AdminAppeal; onNext?: () => void; actionsRef?: Ref<AppealActions> }) {
  const form = useSchemaForm({
    schema: updateAppealSchema,
    initialValues: { adminNotes: appeal.adminNotes, studentMessage: '', targetSubject: '', targetNumber: '', targetTitle: '', credits: '' },
    messages: MESSAGES,
  });
  const { values } = form;
  // No decision is preselected: resolving e-mails the student the decision, so the clerk must choose it.
  const [decision, setDecision] = useState<AppealDecision | null>(appeal.decision);
  const [decisionMissing, setDecisionMissing] = useState(false);
  const [createRule, setCreateRule] = useState(false);
  const mutation = useUpdateAppeal();
  const decisionMissingId = `decision-missing-${appeal.id}`;

  const send = (status: AppealStatus) => {
    // A shortcut for a button that is not shown (the appeal is already there), or while saving: nothing to do.
    if (status === appeal.status || mutation.isPending) return;
    if (status === 'resolved' && !decision) {
      setDecisionMissing(true);
      return;
    }
    const wantsRule = status === 'resolved' && decision === 'approved' && createRule && !appeal.createdRuleId;
    const update = form.validate({
      userId: appeal.userId,
      appealId: appeal.id,
      status,
      adminNotes: values.adminNotes,
      expectedVersion: appeal.version,
      studentMessage: values.studentMessage.trim() || undefined,
      ...(status === 'resolved'
        ? {
            decision,
            createRule: wantsRule
              ? {
                  targetSubject: values.targetSubject,
                  targetNumber: values.targetNumber,
                  targetTitle: values.targetTitle || undefined,
                  credits: values.credits.trim() === '' ? null : Number(values.credits),
                }
              : undefined,
          }
        : {}),
    });
    if (!update) return;
    mutation.mutate(update, {
      onSuccess: () => {
        form.setValue('studentMessage', '');
        setCreateRule(false);
      },
    });
  };

  useImperativeHandle(actionsRef, () => ({ send }));

  return (
    <section aria-label="Review" className="flex flex-col gap-3 rounded-lg bg-slate-50 p-4">
      <TextAreaField label="Admin notes" {...form.textField('adminNotes')} rows={3} />
      <TextAreaField label="Message to the student (e-mailed with the update)" {...form.textField('studentMessage')} rows={2} />
      {appeal.status !== 'resolved' && (
        <fieldset className="flex flex-col gap-2 text-sm">
          <legend className="font-medium text-slate-800">Decision when resolving</legend>
          <div className="flex gap-4">
            {(['approved', 'denied'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 capitalize">
                <input
                  type="radio"
                  name={`decision-${appeal.id}`}
                  checked={decision === value}
                  onChange={() => {
                    setDecision(value);
                    setDecisionMissing(false);
                  }}
                  aria-describedby={decisionMissing ? decisionMissingId : undefined}
                />
                {value}
              </label>
            ))}
          </div>
          {decisionMissing && (
            <p id={decisionMissingId} role="alert" className="font-medium text-red-700">
              Choose Approved or Denied before resolving: the student is told the decision.
            </p>
          )}
          {decision === 'approved' && !appeal.createdRuleId && (
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={createRule} onChange={(event) => setCreateRule(event.target.checked)} />
              Create the equivalency rule this appeal asks for
            </label>
          )}
          {decision === 'approved' && !appeal.createdRuleId && (
            <p className="text-sm text-slate-600">
              {createRule
                ? 'The student’s report will show the course as this target, and the rule decides it for every student from now on.'
                : 'Without a rule the approval is for this student only: their report marks the course approved on appeal, and your message says how it counts.'}
            </p>
          )}
          {decision === 'approved' && createRule && (
            <div className="grid gap-2 sm:grid-cols-4">
              <FormField label="Target subject" {...form.textField('targetSubject')} error={form.errorFor('createRule.targetSubject')} />
              <FormField label="Target number" {...form.textField('targetNumber')} error={form.errorFor('createRule.targetNumber')} />
              <div className="sm:col-span-2">
                <FormField label="Target title" {...form.textField('targetTitle')} error={form.errorFor('createRule.targetTitle')} />
              </div>
              <FormField label="Credits" inputMode="decimal" {...form.textField('credits')} error={form.errorFor('createRule.credits')} />
            </div>
          )}
        </fieldset>
      )}
      {appeal.createdRuleId && <p className="text-sm text-green-800">Equivalency rule #{appeal.createdRuleId} was created from this appeal.</p>}
      {mutation.isSuccess && (
        <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
          <span>
            Saved: {appealStatusText(mutation.data.appeal.status)}
            {mutation.data.appeal.status === 'resolved' && mutation.data.appeal.decision ? ` (${mutation.data.appeal.decision})` : ''}.
          </span>
          {onNext && (
            <Button variant="secondary" className="py-1.5" onClick={onNext}>
              Next appeal
            </Button>
          )}
        </div>
      )}
      {mutation.isError && (
        <Alert tone="error">
          There was a problem updating the appeal. Please try again.
          {mutation.error instanceof ApiError && mutation.error.status >= 400 && mutation.error.status < 500 && (
            <span className="mt-1 block">{mutation.error.message}</span>
          )}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        {appeal.status !== 'in_review' && (
          <Button disabled={mutation.isPending} onClick={() => send('in_review')} aria-keyshortcuts={ACTION_KEYS.in_review}>
            Mark in review
            <kbd aria-hidden="true" className="hidden rounded border border-current/30 px-1 text-xs font-normal opacity-80 lg:inline">{ACTION_KEYS.in_review}</kbd>
          </Button>
        )}
        {appeal.status !== 'resolved' && (
          <Button disabled={mutation.isPending} onClick={() => send('resolved')} aria-keyshortcuts={ACTION_KEYS.resolved}>
            Resolve appeal
            <kbd aria-hidden="true" className="hidden rounded border border-current/30 px-1 text-xs font-normal opacity-80 lg:inline">{ACTION_KEYS.resolved}</kbd>
          </Button>
        )}
        {appeal.status !== 'submitted' && (
          <Button variant="secondary" disabled={mutation.isPending} onClick={() => send('submitted')} aria-keyshortcuts={ACTION_KEYS.submitted}>
            Reopen
            <kbd aria-hidden="true" className="hidden rounded border border-current/30 px-1 text-xs font-normal opacity-80 lg:inline">{ACTION_KEYS.submitted}</kbd>
          </Button>
        )}
      </div>
    </section>
  );
}

