/** What an import reads, and how: a CSV as text or a byte/text stream, in one transaction kept only when all is well. */
import type { Database, Queryable } from '../../../db/client';
import { letOthersRun } from '../../../jobs/let-others-run';

export type CsvInput = string | AsyncIterable<string | Uint8Array>;

/** Errors kept and reported per import (all are counted): a file of bad rows costs no memory per row. */
export const MAX_REPORTED_ERRORS = 1000;

const TEXT_SLICE = 1 << 20;

/** Turns a string or a byte/text stream into text chunks; with `slice`, at most that long, yielding to events between. */
export async function* textChunks(input: CsvInput, slice?: number): AsyncGenerator<string> {
  async function* pieces(text: string): AsyncGenerator<string> {
    if (!slice) {
      yield text;
      return;
    }
    for (let start = 0; start < text.length; start += slice) {
      if (start > 0) await letOthersRun();
      yield text.slice(start, start + slice);
    }
  }
  if (typeof input === 'string') {
    for (let start = 0; start < input.length; start += TEXT_SLICE) yield* pieces(input.slice(start, start + TEXT_SLICE));
    return;
  }
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of input) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (text) yield* pieces(text);
  }
  const rest = decoder.decode();
  if (rest) yield* pieces(rest);
}

/** Thrown inside the transaction to roll it back; never leaves this module. */
class RollBack extends Error {}

/**
 * Runs an import as one transaction, kept only when `work` answers true (no errors, not a dry run): otherwise it is
 * rolled back and nothing stored changes. Returns whether it was kept.
 */
export async function keptOnlyIfClean(db: Database, work: (tx: Queryable) => Promise<boolean>): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      if (!(await work(tx))) throw new RollBack();
    });
    return true;
  } catch (error) {
    if (error instanceof RollBack) return false;
    throw error;
  }
}
