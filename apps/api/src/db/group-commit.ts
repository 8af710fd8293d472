/**
 * Group commit: items submitted while a write is running are written together by the next one. Each
 * write first lets the event loop take in what has arrived (one turn: requests and device answers
 * already read from their sockets submit their items too). PGlite runs a whole transaction without
 * yielding to I/O, so without that turn every write would carry one item. At a low rate an item is
 * written alone, a turn later; under load each write carries everything that queued up meanwhile, so
 * the rate of database round trips stays flat (PGlite spends ~0.8 ms of CPU on even the smallest
 * statement).
 */
export class GroupCommit<T, R> {
  private queued: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private running = false;
  /** When the last write started (performance.now()). */
  private lastStart = -Infinity;

  /**
   * `write` answers one result per item, in order. `spacingMs`: a write starts at least this long after
   * the one before it started (items that no one waits on for long gather into fewer, larger writes).
   */
  constructor(
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly maxBatch = 500,
    private readonly spacingMs = 0,
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queued.push({ item, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.queued.length > 0) {
      await new Promise<void>((r) => setImmediate(r));
      const wait = this.lastStart + this.spacingMs - performance.now();
      // Whole milliseconds up: a timer may fire up to 1 ms before a fractional delay (the spacing would be 38.9 ms).
      if (wait > 0) await new Promise<void>((r) => setTimeout(r, Math.ceil(wait)));
      this.lastStart = performance.now();
      const batch = this.queued.splice(0, this.maxBatch);
      try {
        const results = await this.write(batch.map((b) => b.item));
        batch.forEach((b, i) => {
          b.resolve(results[i] as R);
        });
      } catch (error) {
        for (const b of batch) b.reject(error);
      }
    }
    this.running = false;
  }
}
