import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as mini from 'zod/mini';
import { safeParse } from 'zod/v4/core';
import { errorFor, formErrorsOf } from './use-schema-form';

const issuesOf = (schema: Parameters<typeof safeParse>[0], value: unknown) => {
  const result = safeParse(schema, value);
  if (result.success) throw new Error('expected a problem');
  return result.error.issues;
};

describe('formErrorsOf', () => {
  const schema = z.object({ courseName: z.string().trim().min(1, 'courseName is required').max(200), notes: z.string().max(5000) });

  it('uses the words the form chose for a field over the schema’s', () => {
    expect(formErrorsOf(issuesOf(schema, { courseName: ' ', notes: '' }), { courseName: 'Enter the course name' })).toEqual({ courseName: 'Enter the course name' });
  });

  it('turns a bare length limit into plain words', () => {
    expect(formErrorsOf(issuesOf(schema, { courseName: 'x', notes: 'y'.repeat(5001) }))).toEqual({ notes: 'Use at most 5,000 characters' });
  });

  it('reads mini schemas too, and builds a message from the problem when asked', () => {
    const search = mini.object({ q: mini.string().check(mini.maxLength(3)) });
    expect(formErrorsOf(issuesOf(search, { q: 'abcd' }), { q: (issue) => `Shorter, please (${issue.code})` })).toEqual({ q: 'Shorter, please (too_big)' });
  });

  it('keeps the first problem of each field and files problems with no field under form', () => {
    const field = z.object({ a: z.string().min(2, 'first').regex(/x/, 'second') });
    expect(formErrorsOf(issuesOf(field, { a: 'b' }))).toEqual({ a: 'first' });
    const whole = z.object({ a: z.string() }).refine(() => false, 'whole form');
    expect(formErrorsOf(issuesOf(whole, { a: 'xx' }))).toEqual({ form: 'whole form' });
  });

  it('files a nested problem under its dotted path, worded for that path or for its field', () => {
    const update = z.object({ createRule: z.object({ credits: z.number().min(0, 'Credits cannot be negative') }), aliases: z.array(z.string().min(1)) });
    const errors = formErrorsOf(issuesOf(update, { createRule: { credits: Number.NaN }, aliases: ['UW', ''] }), {
      'createRule.credits': (issue) => (issue.code === 'invalid_type' ? 'Enter the credits as a number, such as 3' : issue.message),
      aliases: 'Leave no empty name between commas',
    });
    expect(errors).toEqual({ 'createRule.credits': 'Enter the credits as a number, such as 3', 'aliases.1': 'Leave no empty name between commas' });
    expect(errorFor(errors, 'aliases')).toBe('Leave no empty name between commas');
    expect(errorFor(errors, 'createRule.credits')).toBe('Enter the credits as a number, such as 3');
    expect(errorFor(errors, 'createRule.targetSubject')).toBeUndefined();
  });
});
