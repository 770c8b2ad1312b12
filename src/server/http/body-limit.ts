import type { DomainError } from '../domain-errors';

/**
 * Reads a request body chunk by chunk, refusing it with `tooLarge()` as soon as it passes `maxBytes` (never truncating
 * it, never holding more than a chunk): the one rule for a body of unknown length. Returns the number of bytes read.
 */
export async function readBodyWithin(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  tooLarge: () => DomainError,
  onChunk: (chunk: Uint8Array) => void | Promise<void>,
): Promise<number> {
  if (!body) return 0;
  const reader = body.getReader();
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return total;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    await onChunk(value);
  }
}
