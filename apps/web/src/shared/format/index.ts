import type { Locale } from '@petheart/contracts';

/** Default images (shipped under public/images) for empty paths. */
export const DEFAULT_AVATAR = '/images/default-avatar.svg';
export const DEFAULT_COVER = '/images/default-cover.svg';

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, maxDigits: number): Intl.NumberFormat {
  const key = `${locale}/${maxDigits}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: maxDigits, useGrouping: true });
    numberFormats.set(key, f);
  }
  return f;
}

function trimmed(value: number): string {
  // one decimal, truncated (1,999 → 1.9k, never a rounded-up 2.0k), no trailing ".0"
  const v = Math.floor(value * 10) / 10;
  return Number.isInteger(v) ? String(v) : v.toFixed(1);
}

/** Counts: below 1,000 as is; thousands with k; ten-thousands with w (1234 → "1.2k", 23456 → "2.3w"). */
export function formatCount(n: number, locale: Locale = 'en'): string {
  const abs = Math.abs(n);
  const sign = n < 0 ? '-' : '';
  if (abs < 1000) return numberFormat(locale, 0).format(n);
  if (abs < 10_000) return `${sign}${trimmed(abs / 1000)}k`;
  return `${sign}${trimmed(abs / 10_000)}w`;
}

/** Distance in metres: below 1 km as "850m", else "1.25Km" (at most 2 decimals). */
export function formatDistance(meters: number, locale: Locale = 'en'): string {
  if (meters < 1000) return `${numberFormat(locale, 0).format(Math.max(0, Math.round(meters)))}m`;
  return `${numberFormat(locale, 2).format(meters / 1000)}Km`;
}

/** Weight in grams: below 1 kg as "500g", else "1.5kg" (at most 2 decimals). */
export function formatWeight(grams: number, locale: Locale = 'en'): string {
  if (Math.abs(grams) < 1000) return `${numberFormat(locale, 0).format(grams)}g`;
  return `${numberFormat(locale, 2).format(grams / 1000)}kg`;
}

const RELATIVE: Record<
  Locale,
  { now: string; minutes(n: number): string; hours(n: number): string; days(n: number): string }
> = {
  en: {
    now: 'just now',
    minutes: (n) => (n === 1 ? '1 minute ago' : `${n} minutes ago`),
    hours: (n) => (n === 1 ? '1 hour ago' : `${n} hours ago`),
    days: (n) => (n === 1 ? '1 day ago' : `${n} days ago`),
  },
  ja: { now: 'たった今', minutes: (n) => `${n}分前`, hours: (n) => `${n}時間前`, days: (n) => `${n}日前` },
  'zh-CN': { now: '刚刚', minutes: (n) => `${n}分钟前`, hours: (n) => `${n}小时前`, days: (n) => `${n}天前` },
  'zh-TW': { now: '剛剛', minutes: (n) => `${n}分鐘前`, hours: (n) => `${n}小時前`, days: (n) => `${n}天前` },
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A date in the locale's usual form (en "May 1, 2024", ja/zh "2024/05/01" or "2024年5月1日"). */
export function formatDate(date: Date, locale: Locale = 'en'): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

/**
 * Relative time: just now (< 1 min), N minutes ago, N hours ago, N days ago (up to 7 days), then a date.
 * `time` is a Date, milliseconds, or seconds since the epoch (API timestamps are seconds).
 */
export function formatRelativeTime(time: Date | number, locale: Locale = 'en', now: Date = new Date()): string {
  const date = typeof time === 'number' ? new Date(time < 1e12 ? time * 1000 : time) : time;
  const diff = now.getTime() - date.getTime();
  const texts = RELATIVE[locale];
  if (diff < MINUTE) return texts.now;
  if (diff < HOUR) return texts.minutes(Math.floor(diff / MINUTE));
  if (diff < DAY) return texts.hours(Math.floor(diff / HOUR));
  if (diff <= 7 * DAY) return texts.days(Math.floor(diff / DAY));
  return formatDate(date, locale);
}

/**
 * An image address: empty → `fallback`; a path starting with "/" (not "//") → prefixed with the asset host;
 * anything else (http…, data:, blob:) as is.
 */
export function imageUrl(path: string | null | undefined, assetHost = '', fallback = DEFAULT_COVER): string {
  const p = path?.trim();
  if (!p) return fallback;
  if (p.startsWith('/') && !p.startsWith('//')) return `${assetHost.replace(/\/$/, '')}${p}`;
  return p;
}
