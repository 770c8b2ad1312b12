/**
 * What went wrong, said in words safe to show the person who asked. Services and routes throw these; `http/errors.ts`
 * is the one place that turns each kind into an HTTP status (documenso's AppError is the model). A service never
 * names a status code, so the same verb can serve a route, a command or a job.
 */
export type DomainErrorKind =
  /** The input is wrong: a field, a path parameter, a request the rules refuse. */
  | 'invalid'
  /** The asker may not do this to a record they can see. */
  | 'not_allowed'
  /** No such record, or not one the asker may see (never says which). */
  | 'not_found'
  /** The record has moved on: already done, changed by someone else, a limit of things kept. */
  | 'conflict'
  /** Too big to take. */
  | 'too_large'
  /** A kind of content this use does not take. */
  | 'unsupported_type'
  /** Well-formed, but its content cannot be used (a damaged PDF, too many pages). */
  | 'unusable'
  /** Too many requests in a while; wait and try again. */
  | 'too_many'
  /** The server cannot take this now, for everyone (its disk is nearly full, too many visitors at once); try later. */
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Extra fields for the answer: `fields` naming what is wrong, the current version of a record. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string, details?: Record<string, unknown>) => new DomainError('invalid', message, details);
/** `invalid` naming one field, as a zod error names it: "field: message". */
export const invalidField = (field: string, message: string, fieldMessage = message) =>
  new DomainError('invalid', `${field}: ${message}`, { fields: [{ field, message: fieldMessage }] });
export const notAllowed = (message: string) => new DomainError('not_allowed', message);
export const notFound = (message: string) => new DomainError('not_found', message);
export const conflict = (message: string, details?: Record<string, unknown>) => new DomainError('conflict', message, details);
export const tooLarge = (message: string) => new DomainError('too_large', message);
export const unsupportedType = (message: string, details?: Record<string, unknown>) => new DomainError('unsupported_type', message, details);
export const unusable = (message: string) => new DomainError('unusable', message);
export const tooMany = (message: string) => new DomainError('too_many', message);
export const unavailable = (message: string) => new DomainError('unavailable', message);
