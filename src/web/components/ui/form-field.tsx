import { useId, type ComponentProps, type ReactNode, type TextareaHTMLAttributes } from 'react';

const controlClass = (error: string | undefined) =>
  `rounded-md border px-3 py-2 text-base text-slate-900 shadow-sm focus:ring-2 focus:ring-brand-600 focus:outline-none read-only:bg-slate-100 ${error ? 'border-red-600' : 'border-slate-300'}`;

/** The label, the hint and the error around one control, with the error announced to screen readers. */
function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A control's hint and error under it, named `${id}-hint` and `${id}-error` for its aria-describedby. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

export const describedBy = (id: string, error?: string, hint?: string) => [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;

/** A labelled input with its error announced to screen readers (a `ref` reaches the input). */
export function FormField({ label, error, hint, ...input }: ComponentProps<'input'> & { label: string; error?: string; hint?: string }) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} className={controlClass(error)} {...input} />
    </Field>
  );
}

/** A labelled textarea, like FormField. */
export function TextAreaField({ label, error, hint, ...textarea }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: string }) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} className={controlClass(error)} {...textarea} />
    </Field>
  );
}
