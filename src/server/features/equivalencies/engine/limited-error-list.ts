/**
 * The first `limit` errors of an import by line, and how many there were in all. A file of a million bad rows must
 * not hold a million messages (~150 MB) only for the first thousand to be shown.
 */
export class LimitedErrorList<E extends { line: number }> {
  private readonly kept: E[] = [];
  private latest = -1; // index of the kept error with the highest line, once the list is full
  count = 0;

  constructor(readonly limit: number = Number.POSITIVE_INFINITY) {}

  push(error: E): void {
    this.count += 1;
    if (this.kept.length < this.limit) {
      this.kept.push(error);
      return;
    }
    // Errors arrive in line order but for a few checked later (a group's, at the end of the file): only those can
    // displace a kept one, so the scan for the new latest runs rarely.
    if (this.latest < 0) this.latest = this.indexOfLatest();
    if (error.line >= this.kept[this.latest]!.line) return;
    this.kept[this.latest] = error;
    this.latest = this.indexOfLatest();
  }

  /** The kept errors, by line. */
  sorted(): E[] {
    return [...this.kept].sort((a, b) => a.line - b.line);
  }

  private indexOfLatest(): number {
    let latest = 0;
    for (let index = 1; index < this.kept.length; index++) if (this.kept[index]!.line > this.kept[latest]!.line) latest = index;
    return latest;
  }
}
