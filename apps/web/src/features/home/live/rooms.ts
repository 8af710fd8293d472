import type { Locale } from '@petheart/contracts';
import { formatDistance } from '../../../shared/format';

/** The live room page; a list opens a room by its device id. */
export const LIVE_ROOM_PATH = '/pages/live/live';

export function liveRoomUrl(deviceId: string): string {
  return `${LIVE_ROOM_PATH}?device_id=${encodeURIComponent(deviceId)}`;
}

/** A room's distance as "850m" / "1.25Km", or null when the list was asked without a location. */
export function distanceLabel(meters: number | null, locale: Locale): string | null {
  if (meters === null || !Number.isFinite(meters) || meters < 0) return null;
  // Round first: 999.6 m is "1Km", not "1,000m".
  return formatDistance(Math.round(meters), locale);
}

/**
 * The rows of consecutive pages without repeats. Lists ordered by viewers shift while they are read: a room
 * whose audience grew between two page requests comes back on the next page too. The first occurrence wins.
 */
export function uniqueRooms<T extends { device_id: string }>(rows: readonly T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    if (seen.has(r.device_id)) return false;
    seen.add(r.device_id);
    return true;
  });
}
