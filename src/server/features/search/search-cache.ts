/**
 * Answers of recent searches, per app instance. An entry is used only while the catalogue version it was computed
 * at is still current (any write to the catalogue moves the version on, in every instance, because the version lives
 * in the database), and for at most `ttlMs`: that bounds the one race left, a search that reads the version while an
 * import is running but not yet committed.
 */
export class SearchCache<Value> {
  private readonly entries = new Map<string, { version: string; storedAt: number; value: Value }>();

  constructor(
    private readonly maxEntries = 1000,
    private readonly ttlMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, version: string): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || this.now() - entry.storedAt > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    // Least recently used goes first: re-insert to move this key to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, version: string, value: Value): void {
    this.entries.delete(key);
    this.entries.set(key, { version, storedAt: this.now(), value });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
