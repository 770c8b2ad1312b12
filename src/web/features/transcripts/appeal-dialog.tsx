import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { searchAppealSchema, type TranscriptResultItem } from '@shared/schemas/transcripts';
import { useSchemaForm } from '../../lib/use-schema-form';

export interface AppealDraft {
  itemId: string;
  note: string;
}

/** The note's one rule is the search-screen appeal's (src/shared): no presence check, a length limit. */
const noteSchema = z.object({ note: searchAppealSchema.shape.note });

/**
 * 'Submit an Appeal' (spec section 4): closing clears the selected row; the note is cleared on opening and after a
 * successful submit (a draft saved before signing in is the one exception); 'Submitting...' while sending.
 */
export function AppealDialog({
  item,
  initialNote,
  destinationName,
  earlierDenial = false,
  signedIn,
  loginHref,
  appealFormHref,
  onSaveDraft,
  onClose,
  onClosed,
  onSubmit,
}: {
  item: TranscriptResultItem | null;
  initialNote: string;
  destinationName: string;
  /** This course's earlier appeal was denied: a new one needs new evidence (the server's rule). */
  earlierDenial?: boolean;
  signedIn: boolean;
  loginHref: string;
  /** The full appeal form (/student/appeal) pre-filled from the row and this note, where a syllabus can be attached. */
  appealFormHref: (note: string) => string;
  onSaveDraft: (note: string) => void;
  onClose: () => void;
  /** After the dialog has closed: puts focus back where the student was. */
  onClosed: () => void;
  onSubmit: (note: string) => Promise<boolean>;
}) {
  const form = useSchemaForm({ schema: noteSchema, initialValues: { note: initialNote } });
  const note = form.values.note;
  const [submitting, setSubmitting] = useState(false);
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (item && openedFor !== item.id) {
    setOpenedFor(item.id);
    form.setValue('note', initialNote);
  }
  if (!item && openedFor !== null) setOpenedFor(null);

  const submit = async () => {
    const checked = form.validate();
    if (!checked) return;
    setSubmitting(true);
    const ok = await onSubmit(checked.note);
    setSubmitting(false);
    if (ok) form.setValue('note', '');
  };

  return (
    <Dialog.Root open={item !== null} onOpenChange={(open) => !open && !submitting && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-xl font-bold text-slate-900">Submit an Appeal</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Ask {destinationName} to reconsider{' '}
            <span className="font-semibold text-slate-800">
              {item?.subject} {item?.number}
              {item?.title ? ` ${item.title}` : ''}
            </span>
            . Their transfer office reviews appeals, usually within 3 business days.
          </Dialog.Description>
          {/* A grade that earns no credit anywhere (the server's grade rule): an appeal rarely changes it. */}
          {item?.gradeEarnsNoCredit && (
            <p className="mt-3 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
              A grade of {item.grade?.trim().toUpperCase()} does not earn credit at most schools, and an appeal rarely changes that. It is
              most useful if the grade was later replaced, or a different grading policy applied to you.
            </p>
          )}
          {earlierDenial && (
            <p className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Your earlier appeal for this course was denied. To appeal again, say in your note what is new (a replaced grade, a
              letter from the department), or attach the syllabus on the full appeal form.
            </p>
          )}
          <label htmlFor="appeal-note" className="mt-4 block text-sm font-semibold text-slate-800">
            Why should this course transfer?
          </label>
          <textarea
            id="appeal-note"
            value={note}
            onChange={(event) => form.setValue('note', event.target.value)}
            rows={5}
            placeholder="For example: the syllabus covers the same topics as their course; I can send it."
            aria-invalid={form.errors.note ? true : undefined}
            aria-describedby={form.errors.note ? 'appeal-note-error' : undefined}
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          {form.errors.note && (
            <p id="appeal-note-error" className="mt-1 text-sm text-red-700">
              {form.errors.note}
            </p>
          )}
          {signedIn && item && (
            <p className="mt-3 text-sm text-slate-600">
              Have the course syllabus?{' '}
              <Link to={appealFormHref(note)} className="font-semibold text-brand-700 underline">
                Attach it on the full appeal form
              </Link>
            </p>
          )}
          {!signedIn && (
            <p className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Sign in as a student to send your appeal. Your note is kept while you sign in.
            </p>
          )}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <button type="button" disabled={submitting} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
                Cancel
              </button>
            </Dialog.Close>
            {signedIn ? (
              <button
                type="button"
                onClick={() => void submit()}
                disabled={submitting}
                className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-400"
              >
                {submitting ? 'Submitting...' : 'Submit Appeal'}
              </button>
            ) : (
              <Link
                to={loginHref}
                onClick={() => onSaveDraft(note)}
                className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
              >
                Sign in to submit
              </Link>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
