/** Statement months ('YYYY-MM', UTC): which are finished, and their bounds. */

const MONTH = /^(\d{4})-(\d{2})$/;

export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The first instant of the month (UTC). */
export function monthStart(month: string): Date {
  const m = MONTH.exec(month);
  if (!m) throw new Error(`not a month: ${month}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
}

export function nextMonth(month: string): string {
  const start = monthStart(month);
  return monthOf(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)));
}

/**
 * The newest month that is finished at `now`, waiting `graceMs` past its end so that a movement written at
 * its last instant has committed before the month is frozen.
 */
export function lastFinishedMonth(now: Date, graceMs: number): string {
  const current = monthStart(monthOf(new Date(now.getTime() - graceMs)));
  return monthOf(new Date(current.getTime() - 1));
}

/** Months from `from` to `to`, both included (none when from > to). */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = from; m <= to; m = nextMonth(m)) out.push(m);
  return out;
}
