import { z } from 'zod';
import { StringSchema } from './fields';
import { LocaleSchema, type Locale } from './locales';

/**
 * Texts operators write in one language (issue 29 §5): a base's name and introduction, a support event's title
 * and description. Each is stored with the language it was written in (`text_lang`, '' = unknown: written
 * before it was recorded) and, added in the console, the same texts in other languages (`translations`).
 * Readers get their own language where it is there, else the original; every answer says which one it shows.
 */

/** A text's language: one of the product's, or '' when unknown. */
export const TextLangSchema = z.union([LocaleSchema, z.literal('')]);
export type TextLang = Locale | '';

/** The language of the texts an answer shows ('' = unknown; absent from an older server = unknown). */
export const ShownTextLangSchema = TextLangSchema.default('');

/** The language the writer says the texts are in (the console's "Written in"); absent = the request's language. */
export const WrittenInSchema = z.enum(LocaleSchema.options, { error: 'v.invalid' });

const translated = (max: number) =>
  z.string({ error: 'v.translations' }).trim().max(max, { error: 'v.tooLong' }).default('');

/**
 * Translations as the console sends them: only the four languages, only the form's texts, each within the
 * original's length limit ('' = not translated). A NUL is refused before this (decision 025).
 */
function translationsInput<S extends z.ZodRawShape>(shape: S) {
  return z.partialRecord(LocaleSchema, z.strictObject(shape, { error: 'v.translations' }), {
    error: 'v.translations',
  });
}

/** Limits of the translated texts: the originals' (BaseFieldsSchema, the console's event fields). */
export const TRANSLATION_LIMITS = { name: 100, introduction: 5000, title: 80, description: 5000 } as const;

export const BaseTranslationsInputSchema = translationsInput({
  name: translated(TRANSLATION_LIMITS.name),
  introduction: translated(TRANSLATION_LIMITS.introduction),
});
export type BaseTranslationsInput = z.input<typeof BaseTranslationsInputSchema>;

export const EventTranslationsInputSchema = translationsInput({
  title: translated(TRANSLATION_LIMITS.title),
  description: translated(TRANSLATION_LIMITS.description),
});
export type EventTranslationsInput = z.input<typeof EventTranslationsInputSchema>;

/** Stored translations as the console reads them back. */
export const BaseTranslationsSchema = z.partialRecord(
  LocaleSchema,
  z.object({ name: StringSchema, introduction: StringSchema }),
);
export type BaseTranslations = z.infer<typeof BaseTranslationsSchema>;
export const EventTranslationsSchema = z.partialRecord(
  LocaleSchema,
  z.object({ title: StringSchema, description: StringSchema }),
);
export type EventTranslations = z.infer<typeof EventTranslationsSchema>;

/** The order languages are tried in when the reader's own is not there (content's, decision 013). */
const FALLBACKS: Record<Locale, readonly Locale[]> = {
  en: ['en', 'zh-CN', 'zh-TW', 'ja'],
  ja: ['ja', 'en', 'zh-TW', 'zh-CN'],
  'zh-CN': ['zh-CN', 'zh-TW', 'en', 'ja'],
  'zh-TW': ['zh-TW', 'zh-CN', 'en', 'ja'],
};

const isLocale = (lang: string): lang is Locale => lang in FALLBACKS;

/**
 * The texts a reader gets and their language. A translation counts when it fills every text the original has;
 * the reader's own language wins, then (the original's language being known) the first of the reader's fallback
 * order that is there, which the original always is. With the original's language unknown, the original is
 * shown unless the reader's own translation is there.
 */
export function pickTexts<F extends string>(
  original: Record<F, string>,
  textLang: string,
  translations: Partial<Record<string, Partial<Record<string, string>> | undefined>>,
  reader: Locale,
): { texts: Record<F, string>; lang: TextLang } {
  const fields = Object.keys(original) as F[];
  const known = isLocale(textLang) ? textLang : '';
  const translationIn = (lang: Locale): Record<F, string> | undefined => {
    if (lang === known) return undefined;
    const entry = translations[lang];
    if (!entry || typeof entry !== 'object') return undefined;
    const texts = {} as Record<F, string>;
    for (const f of fields) {
      const value = typeof entry[f] === 'string' ? entry[f].trim() : '';
      if (original[f].trim() !== '' && value === '') return undefined;
      texts[f] = value;
    }
    return fields.some((f) => texts[f] !== '') ? texts : undefined;
  };
  const order = known === '' ? [reader] : FALLBACKS[reader];
  for (const lang of order) {
    if (lang === known) return { texts: original, lang };
    const texts = translationIn(lang);
    if (texts) return { texts, lang };
  }
  return { texts: original, lang: known };
}

/**
 * Translations as stored: languages with at least one text, without the original's own language (its texts
 * are the original). `writtenIn` '' keeps every language.
 */
export function cleanTranslations<F extends string>(
  input: Partial<Record<Locale, Partial<Record<F, string>>>>,
  writtenIn: TextLang,
): Partial<Record<Locale, Record<F, string>>> {
  const out: Partial<Record<Locale, Record<F, string>>> = {};
  for (const [lang, entry] of Object.entries(input) as [Locale, Partial<Record<F, string>> | undefined][]) {
    if (!entry || lang === writtenIn || !isLocale(lang)) continue;
    const texts = Object.fromEntries(
      Object.entries(entry).map(([f, v]) => [f, typeof v === 'string' ? v.trim() : '']),
    ) as Record<F, string>;
    if (Object.values<string>(texts).some((v) => v !== '')) out[lang] = texts;
  }
  return out;
}
