import { type ChangeEvent, type FormEvent, useState } from 'react';
import { type $ZodIssue, type $ZodType, type output, safeParse } from 'zod/v4/core';

/**
 * A form checked by a zod schema, usually the one in src/shared that the server checks the same request with, so a
 * rule is written once. Works with classic and mini schemas (both are zod core types). The schema decides what is
 * valid; the form decides the words: `messages` replaces a schema's developer wording ("courseName is required")
 * with plain words for a student, field by field.
 */

/** What a person sees for a field's problem: a sentence, or one made from the problem (its limit, say). */
export type FieldMessage = string | ((issue: $ZodIssue) => string);

/** Problems by field path ('notes', 'createRule.credits', 'aliases.2'); `form` holds one that belongs to no field. */
export type FormErrors = Partial<Record<string, string>>;

export interface SchemaFormOptions<Values, Schema extends $ZodType> {
  schema: Schema;
  initialValues: Values;
  /** What the schema is given, when the form's fields are not its input as they are (a comma list split into names). */
  toInput?: (values: Values) => unknown;
  /** Plain words per field (or dotted path), used whenever that field has a problem. */
  messages?: Partial<Record<(keyof Values & string) | 'form' | `${string}.${string}`, FieldMessage>>;
}

/** A limit the schema states without plain words ("Too big: expected string to have <=200 characters"). */
function plainWords(issue: $ZodIssue): string {
  if (issue.code === 'too_big' && issue.origin === 'string') return `Use at most ${Number(issue.maximum).toLocaleString('en-US')} characters`;
  if (issue.code === 'too_big' && issue.origin === 'array') return `List at most ${Number(issue.maximum).toLocaleString('en-US')}`;
  return issue.message;
}

/** The first problem at each path, in the words the form chose for that path (or for its top-level field). */
export function formErrorsOf(issues: readonly $ZodIssue[], messages: Partial<Record<string, FieldMessage>> = {}): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : 'form';
    if (errors[path] !== undefined) continue;
    const message = messages[path] ?? messages[String(issue.path[0])];
    errors[path] = typeof message === 'function' ? message(issue) : (message ?? plainWords(issue));
  }
  return errors;
}

/** The problem of a field, or of anything inside it (a list's third entry). */
export function errorFor(errors: FormErrors, field: string): string | undefined {
  if (errors[field] !== undefined) return errors[field];
  const inside = Object.keys(errors).find((path) => path.startsWith(`${field}.`));
  return inside === undefined ? undefined : errors[inside];
}

export function useSchemaForm<Values extends object, Schema extends $ZodType>({
  schema,
  initialValues,
  toInput,
  messages,
}: SchemaFormOptions<Values, Schema>) {
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<FormErrors>({});

  /** Changes one field; its problems, and the form's, go away until the next check. */
  const setValue = <Name extends keyof Values>(name: Name, value: Values[Name]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      const kept = Object.entries(current).filter(([path]) => path !== 'form' && path !== name && !path.startsWith(`${String(name)}.`));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  };

  /**
   * The schema's output when the values are valid; otherwise null, with each problem shown at its field. `input`
   * replaces what the values give the schema, for a form whose request also depends on the button pressed.
   */
  const validate = (input: unknown = toInput ? toInput(values) : values): output<Schema> | null => {
    const result = safeParse(schema, input);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(formErrorsOf(result.error.issues, messages as Partial<Record<string, FieldMessage>>));
    return null;
  };

  /** A form's onSubmit: checks the values and hands the valid output on; the browser never submits the form itself. */
  const handleSubmit = (onValid: (data: output<Schema>) => void) => (event: FormEvent) => {
    event.preventDefault();
    const data = validate();
    if (data !== null) onValid(data);
  };

  /** Props of a text input or textarea bound to a string field: name, value, onChange and error. */
  const textField = <Name extends keyof Values & string>(name: Name) => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => setValue(name, event.target.value as Values[Name]),
    error: errorFor(errors, name),
  });

  return { values, setValue, setValues, errors, errorFor: (field: string) => errorFor(errors, field), validate, handleSubmit, textField };
}
