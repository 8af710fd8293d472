type Waiter = () => void;

/** Long polls waiting for feeds to end in this process, by feed id. */
export class Waiters {
  private readonly byFeed = new Map<string, Set<Waiter>>();

  /** Resolves when `wake(feedId)` is called, or after `ms`; `cancel` forgets the waiter. */
  waitFor(feedId: string, ms: number): { settled: Promise<void>; cancel: () => void } {
    let resolve: () => void = () => undefined;
    const settled = new Promise<void>((r) => {
      resolve = r;
    });
    const waiter: Waiter = () => {
      clearTimeout(timer);
      resolve();
    };
    const cancel = () => {
      clearTimeout(timer);
      const set = this.byFeed.get(feedId);
      set?.delete(waiter);
      if (set?.size === 0) this.byFeed.delete(feedId);
    };
    const timer = setTimeout(() => {
      cancel();
      resolve();
    }, ms);
    let set = this.byFeed.get(feedId);
    if (!set) this.byFeed.set(feedId, (set = new Set()));
    set.add(waiter);
    return { settled, cancel };
  }

  wake(feedId: string): void {
    const set = this.byFeed.get(feedId);
    if (!set) return;
    this.byFeed.delete(feedId);
    for (const waiter of set) waiter();
  }

  wakeAll(): void {
    for (const id of [...this.byFeed.keys()]) this.wake(id);
  }
}
