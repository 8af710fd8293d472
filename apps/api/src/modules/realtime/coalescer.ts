export interface CoalescerTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: CoalescerTimers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, ms);
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => {
    clearTimeout(handle as NodeJS.Timeout);
  },
};

interface KeyState {
  timer: unknown;
  lastAt: number;
  lastValue: number | undefined;
}

/**
 * Sends a value per key at most once per interval. `touch(key)` says the value may have changed: it is
 * read and sent on the next turn when the key was quiet for an interval, else once the interval has passed
 * (a trailing send, so the final value always arrives). Nothing is sent when the value did not change.
 */
export class Coalescer {
  private readonly keys = new Map<string, KeyState>();

  constructor(
    private readonly intervalMs: number,
    private readonly read: (key: string) => number,
    private readonly send: (key: string, value: number) => void,
    private readonly timers: CoalescerTimers = realTimers,
  ) {}

  touch(key: string): void {
    let state = this.keys.get(key);
    if (!state) {
      state = { timer: undefined, lastAt: -Infinity, lastValue: undefined };
      this.keys.set(key, state);
    }
    if (state.timer !== undefined) return;
    const delay = Math.max(0, state.lastAt + this.intervalMs - this.timers.now());
    const s = state;
    s.timer = this.timers.setTimeout(() => {
      s.timer = undefined;
      this.flush(key, s);
    }, delay);
  }

  /** Cancels every pending send. */
  stop(): void {
    for (const state of this.keys.values()) {
      if (state.timer !== undefined) this.timers.clearTimeout(state.timer);
    }
    this.keys.clear();
  }

  /** Keys with state (for tests and memory checks). */
  get size(): number {
    return this.keys.size;
  }

  private flush(key: string, state: KeyState): void {
    const value = this.read(key);
    if (value === state.lastValue) return;
    state.lastValue = value;
    state.lastAt = this.timers.now();
    if (value === 0) {
      // An empty room: forget it once the interval has passed (nobody is left to receive a stale count).
      const s = state;
      s.timer = this.timers.setTimeout(() => {
        s.timer = undefined;
        if (this.keys.get(key) === s && this.read(key) === 0) this.keys.delete(key);
        else this.flush(key, s);
      }, this.intervalMs);
    }
    this.send(key, value);
  }
}
