import type { TimeZoneFields } from '@petheart/contracts';

/**
 * Feed statistics' rules that need no database (decision 012): which zone a request's days are counted in,
 * days since joining, and the read cache.
 */

/** A zone PostgreSQL counts local days in: an IANA name, or a fixed offset in minutes east of UTC. */
export type Zone = { name: string } | { offsetMinutes: number };

export const UTC: Zone = { offsetMinutes: 0 };

/**
 * The zones to try, best first: the IANA name (it knows daylight saving), then the offset (for a name the
 * database does not know); UTC when the client sent neither.
 */
export function zonesOf(fields: TimeZoneFields): Zone[] {
  const zones: Zone[] = [];
  if (fields.tz) zones.push({ name: fields.tz });
  if (fields.tz_offset !== undefined) zones.push({ offsetMinutes: fields.tz_offset });
  return zones.length > 0 ? zones : [UTC];
}

/** True when a PostgreSQL error says a time zone is not recognized (invalid_parameter_value, 22023). */
export function isUnknownZoneError(error: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = error;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === '22023' && typeof message === 'string' && message.includes('time zone')) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
