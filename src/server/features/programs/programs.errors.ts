/**
 * What the programs feature's services raise: plain errors with a reason, free of HTTP. The routes turn them into
 * answers (programs.routes.ts, `answerFor`) until the server maps every feature's domain errors in one place.
 */
export type ProgramsErrorReason = 'not-found' | 'invalid' | 'conflict';

export class ProgramsError extends Error {
  constructor(
    readonly reason: ProgramsErrorReason,
    message: string,
    /** The request field the problem is in, when there is one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ProgramsError';
  }
}

export const programNotFound = (message = 'No such program.') => new ProgramsError('not-found', message);
