/** Formatters by zone (making one costs more than using it); a few hundred zones at most exist. */
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatter(timeZone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    } catch {
      f = null;
    }
    if (formatters.size < 1000) formatters.set(timeZone, f);
  }
  return f;
}

/** Minutes since midnight of `at` in `timeZone` (an IANA name; an unknown one counts as UTC). */
export function minuteOfDay(at: Date, timeZone: string): number {
  const f = formatter(timeZone);
  if (!f) return at.getUTCHours() * 60 + at.getUTCMinutes();
  const parts = f.formatToParts(at);
  const value = (type: 'hour' | 'minute') => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return (value('hour') % 24) * 60 + value('minute');
}

/** Quiet hours: minutes of the day in a time zone; no start or end (or start = end) means none. */
export interface QuietHours {
  start: number | null;
  end: number | null;
  timeZone: string;
}

/**
 * Whether `at` falls within quiet hours: [start, end) in the user's zone, spanning midnight when end comes
 * before start (22:00–07:00 holds 23:30 and 06:59, not 07:00).
 */
export function inQuietHours(at: Date, quiet: QuietHours): boolean {
  const { start, end } = quiet;
  if (start === null || end === null || start === end) return false;
  const minute = minuteOfDay(at, quiet.timeZone);
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}
