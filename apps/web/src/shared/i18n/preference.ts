import { LOCALES, resolveLocale, type Locale } from '@petheart/contracts';

export type LanguagePreference = 'auto' | Locale;
export const LANGUAGE_PREFERENCES: readonly LanguagePreference[] = ['auto', ...LOCALES];
/** localStorage key of the language preference (absent = auto). */
export const LANGUAGE_KEY = 'language';

export function isPreference(v: unknown): v is LanguagePreference {
  return typeof v === 'string' && (LANGUAGE_PREFERENCES as readonly string[]).includes(v);
}

export function readPreference(storage: Pick<Storage, 'getItem'>): LanguagePreference {
  const v = storage.getItem(LANGUAGE_KEY);
  return isPreference(v) ? v : 'auto';
}

/** The system language per STACK.md: zh, zh-Hans* → zh-CN; zh-Hant*, zh-TW/HK/MO → zh-TW; ja* → ja; else en. */
export function detectLocale(nav: Pick<Navigator, 'language'> & { languages?: readonly string[] }): Locale {
  return resolveLocale(nav.languages?.[0] ?? nav.language);
}

export function localeOf(preference: LanguagePreference, nav: Pick<Navigator, 'language'>): Locale {
  return preference === 'auto' ? detectLocale(nav) : preference;
}
