import type { Locale } from '@petheart/contracts';

/** A UTC month (YYYY-MM) as the locale writes it: "Mar 2026", "2026年3月". */
export function formatMonth(month: string, locale: Locale): string {
  const [y = 1970, m = 1] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

/** A receipt's date (YYYY-MM-DD) as the locale writes it. */
export function formatDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
