import type { Locale } from '@petheart/contracts';

/** How Intl names the product's languages: the Chinese ones by script, as their readers call them. */
const DISPLAY_TAG: Record<string, string> = { 'zh-CN': 'zh-Hans', 'zh-TW': 'zh-Hant' };

/** A text language's name in the reader's language ("英語", "English", "簡體中文"); the tag itself without Intl. */
export function languageName(lang: string, reader: Locale): string {
  try {
    const names = new Intl.DisplayNames([reader], { type: 'language' });
    return names.of(DISPLAY_TAG[lang] ?? lang) ?? lang;
  } catch {
    return lang;
  }
}

/** Whether a text in `lang` is marked for a reader: its language is known and not the reader's. */
export function marksLanguage(lang: string, reader: Locale): boolean {
  return lang !== '' && lang !== reader;
}
