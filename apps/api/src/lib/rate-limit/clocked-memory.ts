import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Clock } from '../clock';

interface Entry {
  value: number;
  /** Clock time (ms) the window ends; null: never. */
  expiresAt: number | null;
}

/**
 * What RateLimiterMemory keeps its counts in (the library's MemoryStorage: incrby, set, get, delete), reading the
 * time from a Clock — the container's, which tests replace with a fake one they move forward — instead of
 * Date.now(). Expired keys are dropped when the map grows past `maxKeys` (the library sets a timer per key).
 */
class ClockedStorage {
  private readonly entries = new Map<string, Entry>();
  private sweepAt: number;

  constructor(
    private readonly clock: Clock,
    private readonly maxKeys: number,
  ) {
    this.sweepAt = maxKeys;
  }

  get size(): number {
    return this.entries.size;
  }

  incrby(key: string, value: number, durationSec: number): RateLimiterRes {
    const now = this.clock.now().getTime();
    const entry = this.live(key, now);
    if (!entry) return this.set(key, value, durationSec);
    entry.value += value;
    return new RateLimiterRes(0, entry.expiresAt === null ? -1 : entry.expiresAt - now, entry.value, false);
  }

  set(key: string, value: number, durationSec: number): RateLimiterRes {
    const now = this.clock.now().getTime();
    const ms = durationSec * 1000;
    this.entries.set(key, { value, expiresAt: ms > 0 ? now + ms : null });
    this.sweep(now);
    return new RateLimiterRes(0, ms > 0 ? ms : -1, value, true);
  }

  get(key: string): RateLimiterRes | null {
    const now = this.clock.now().getTime();
    const entry = this.live(key, now);
    if (!entry) return null;
    return new RateLimiterRes(0, entry.expiresAt === null ? -1 : entry.expiresAt - now, entry.value, false);
  }

  delete(key: string): boolean {
    return this.entries.delete(key);
  }

  private live(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry?.expiresAt != null && entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Past the bound, drops the expired keys; the next sweep waits until the map has doubled (no sweep per hit). */
  private sweep(now: number): void {
    if (this.entries.size <= this.sweepAt) return;
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt !== null && entry.expiresAt <= now) this.entries.delete(key);
    }
    this.sweepAt = Math.max(this.maxKeys, this.entries.size * 2);
  }
}

/**
 * rate-limiter-flexible's RateLimiterMemory (its consume, reward and get) over a ClockedStorage. With the system
 * clock it behaves as the library's own; with a fake clock the windows end when the fake time says so.
 */
export class ClockedMemoryLimiter extends RateLimiterMemory {
  private readonly storage: ClockedStorage;

  constructor(opts: { points: number; duration: number; keyPrefix: string }, clock: Clock, maxKeys = 10_000) {
    super(opts);
    // The library's field (rate-limiter-flexible 11): fail at start-up, not silently on real time, if it moves.
    if (!('_memoryStorage' in this)) throw new Error('RateLimiterMemory has no _memoryStorage to replace');
    this.storage = new ClockedStorage(clock, maxKeys);
    Object.assign(this, { _memoryStorage: this.storage });
  }

  /** Keys held (expired ones included until the next sweep). */
  get keys(): number {
    return this.storage.size;
  }
}
