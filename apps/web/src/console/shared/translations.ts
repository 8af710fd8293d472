import { LOCALES, cleanTranslations, type Locale, type TextLang } from '@petheart/contracts';

/**
 * An operator text's other languages in a console form (issue 29 §5): the form holds every language's texts
 * ('' = not translated) at `translations.<lang>.<field>`, the body's own paths, so a refused text's message lands
 * on its field.
 */
export type TranslationsForm<K extends string> = Record<Locale, Record<K, string>>;

/** Every language with every text empty. */
export function emptyTranslations<K extends string>(keys: readonly K[]): TranslationsForm<K> {
  const blank = () => Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;
  return Object.fromEntries(LOCALES.map((l) => [l, blank()])) as TranslationsForm<K>;
}

/** The stored translations as the form's values (missing languages and texts empty). */
export function translationsToForm<K extends string>(
  stored: Partial<Record<Locale, Partial<Record<K, string>>>>,
  keys: readonly K[],
): TranslationsForm<K> {
  const form = emptyTranslations(keys);
  for (const lang of LOCALES) for (const k of keys) form[lang][k] = stored[lang]?.[k] ?? '';
  return form;
}

/** The body's translations: languages with some text, not the one the texts are written in. */
export function translationsBody<K extends string>(
  form: TranslationsForm<K>,
  writtenIn: TextLang,
): Partial<Record<Locale, Record<K, string>>> {
  return cleanTranslations(form, writtenIn);
}

/** The languages a form offers translations in: all but the one the texts are written in. */
export function otherLanguages(writtenIn: string): Locale[] {
  return LOCALES.filter((l) => l !== writtenIn);
}

/** The language a stored text says it is in, else `fallback` (the console's: who writes now). */
export function writtenInOf(stored: string, fallback: Locale): Locale {
  return (LOCALES as readonly string[]).includes(stored) ? (stored as Locale) : fallback;
}
