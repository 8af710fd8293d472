import type { Locale, LiveRoom } from '@petheart/contracts';
import { DEFAULT_COVER, imageUrl } from '../format';

/** What a live room's picture needs: its still, its base's cover, and whether (since when) the camera is off. */
export type StillRoom = Pick<LiveRoom, 'thumbnail' | 'cover' | 'camera_online' | 'camera_offline_at'>;

/**
 * The pictures to try for a room, best first: its still, else its base's cover, else the default cover (each next
 * one when the one before fails to load). Addresses starting with "/" go to the asset host, as covers do.
 */
export function stillSources(room: StillRoom, assetHost: string): string[] {
  const sources = [room.thumbnail, room.cover].filter((p) => p.trim() !== '').map((p) => imageUrl(p, assetHost));
  return [...new Set([...sources, DEFAULT_COVER])];
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}/${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formats.set(key, f);
  }
  return f;
}

/**
 * When a camera went offline, as "Offline since …" says it: the time of day when it was today, else the day (with
 * the year when it was another year). `seconds` are unix seconds (as the API sends times).
 */
export function offlineSinceTime(seconds: number, locale: Locale, now: Date = new Date()): string {
  const at = new Date(seconds * 1000);
  if (at.toDateString() === now.toDateString())
    return format(locale, { hour: 'numeric', minute: '2-digit' }).format(at);
  const sameYear = at.getFullYear() === now.getFullYear();
  return format(
    locale,
    sameYear ? { month: 'short', day: 'numeric' } : { year: 'numeric', month: 'short', day: 'numeric' },
  ).format(at);
}
