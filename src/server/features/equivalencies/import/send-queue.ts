/**
 * Storing batch k overlaps reading and preparing batch k+1: on PostgreSQL the server works while this process parses
 * and hashes; in `npm run import` the embedded database does too, on its own thread. A batch is sent once the one
 * before it has been sent; with COPY it can then wait in the database's queue behind the one being stored, so the
 * database goes straight from one to the next. At most two batches are sent and not yet stored (their drafts and the
 * next batch's are all that is held). The first failure is rethrown at the next call.
 */
export class SendQueue {
  private sending: Promise<void> = Promise.resolve();
  private unwritten: Array<Promise<void>> = [];
  private failure: unknown = null;

  private readonly noteFailure = (error: unknown) => {
    this.failure ??= error;
  };

  private throwFailure() {
    if (this.failure) throw this.failure;
  }

  /** Sends one batch after the previous one has been sent: `send` resolves once sent, its `written` once stored. */
  async send(send: () => Promise<{ written: Promise<void> }>): Promise<void> {
    await this.sending;
    this.throwFailure();
    if (this.unwritten.length >= 2) {
      await this.unwritten.shift();
      this.throwFailure();
    }
    this.sending = send().then(({ written }) => {
      this.unwritten.push(written.catch(this.noteFailure));
    }, this.noteFailure);
  }

  /** Waits until every batch sent is stored; rethrows the first failure. */
  async settle(): Promise<void> {
    await this.sending;
    this.throwFailure();
    const waiting = this.unwritten;
    this.unwritten = [];
    await Promise.all(waiting);
    this.throwFailure();
  }

  /** After an error of this process's own: the failure of a batch already sent, if one failed first (a query queued behind it fails too). */
  async firstFailureOr(error: unknown): Promise<unknown> {
    await this.settle().catch(() => undefined);
    return this.failure ?? error;
  }
}
