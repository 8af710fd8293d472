import type { RateWindow } from '../../lib/rate-limit/limiter';

export type { RateWindow };

/** Comments: one every 2 seconds and 20 a minute, per user per room (RateLimits, lib/rate-limit). */
export const COMMENT_WINDOWS: readonly RateWindow[] = [
  { limit: 1, ms: 2_000 },
  { limit: 20, ms: 60_000 },
];
