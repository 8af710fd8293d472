import type { DeviceCommand } from '@petheart/contracts';
import type { Clock } from './clock';
import type { Logger } from './logger';

/** A clock that disagrees is said at most this often. */
export const SKEW_WARNING_EVERY_MS = 10 * 60_000;

/**
 * Compares the station's clock with the server's on every command: skew = now − issued_at (the API's clock when
 * it issued the command; the network adds little). When the skew passes the command's TTL, commands would be
 * dropped as expired (or run long after their expiry), so it warns, at most once per SKEW_WARNING_EVERY_MS.
 */
export class ClockCheck {
  readonly #clock: Clock;
  readonly #logger: Logger;
  #skew: number | undefined;
  #warnedAt: number | undefined;

  constructor(clock: Clock, logger: Logger) {
    this.#clock = clock;
    this.#logger = logger;
  }

  /** The skew seen on the last command, ms (undefined before one). */
  get skewMs(): number | undefined {
    return this.#skew;
  }

  /** Measures the skew on `command`; returns it. */
  observe(command: Pick<DeviceCommand, 'issued_at' | 'expires_at'>): number {
    const now = this.#clock.now();
    const skew = Math.round(now - command.issued_at);
    this.#skew = skew;
    const ttl = command.expires_at - command.issued_at;
    if (Math.abs(skew) > ttl && (this.#warnedAt === undefined || now - this.#warnedAt >= SKEW_WARNING_EVERY_MS)) {
      this.#warnedAt = now;
      this.#logger.warn(
        "the station's clock disagrees with the server's by more than a command's lifetime: commands would " +
          (skew > 0 ? 'be dropped as expired' : 'run after their expiry') +
          '; check the time sync (NTP)',
        { skew_ms: skew, ttl_ms: ttl },
      );
    }
    return skew;
  }
}
