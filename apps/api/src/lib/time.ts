/** A day in milliseconds (24 hours, no calendar). */
export const DAY_MS = 86_400_000;

/** Unix seconds of a time (the wire's timestamps). */
export const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** A time from unix seconds. */
export const fromSeconds = (s: number) => new Date(s * 1000);

/**
 * The day `now` falls on, `start`'s day being day 1 (24-hour days from `start`'s time; never below 1 once
 * started); 0 when there is no start.
 */
export function dayNumber(start: Date | null, now: Date): number {
  if (!start) return 0;
  return Math.max(1, Math.floor((now.getTime() - start.getTime()) / DAY_MS) + 1);
}

/** Midnight UTC of a time's day. */
export function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** The UTC date of a time, YYYY-MM-DD. */
export const utcDate = (at: Date) => at.toISOString().slice(0, 10);
