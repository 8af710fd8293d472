/**
 * One value loaded from somewhere slower than memory (the database), kept for `ttlMs` (Infinity: until
 * invalidated). Readers of an expired value share one load. `invalidate()` drops the value and any load in
 * flight: that load's own callers still get its answer, but it is never kept, so a read that started before
 * an edit cannot put the old value back. A failed load is not kept either.
 */
export class CachedValue<T> {
  private entry: { value: Promise<T>; at: number } | undefined;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(): Promise<T> {
    const now = this.now();
    if (this.entry && now - this.entry.at < this.ttlMs) return this.entry.value;
    const entry = { value: this.load(), at: now };
    this.entry = entry;
    entry.value.catch(() => {
      if (this.entry === entry) this.entry = undefined;
    });
    return entry.value;
  }

  /** Keeps `value` as the current one (what an edit just saved). */
  set(value: T): void {
    this.entry = { value: Promise.resolve(value), at: this.now() };
  }

  invalidate(): void {
    this.entry = undefined;
  }
}
