import { LOCALES, resolveLocale, type Locale } from '@petheart/contracts';

/**
 * The offline page's language: the app's stored choice (localStorage `language`, shared/i18n/preference.ts's
 * LANGUAGE_KEY; not imported, so the offline page's script carries none of the app), else the system's.
 */
export const LANGUAGE_KEY = 'language';

export function offlineLocale(stored: string | null, nav: { languages?: readonly string[]; language: string }): Locale {
  const chosen = LOCALES.find((l) => l === stored);
  return chosen ?? resolveLocale(nav.languages?.[0] ?? nav.language);
}
