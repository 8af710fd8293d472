import { LOCALES, type Locale, type TextLang } from '@petheart/contracts';
import type { TextTranslations } from '../db/schema/columns';

// Operator texts' language and translations as stored (issue 29 §5); the choice for a reader is pickTexts.

/** A stored text_lang as the wire says it ('' for anything that is not one of the four languages). */
export function textLangOf(stored: string): TextLang {
  return (LOCALES as readonly string[]).includes(stored) ? (stored as Locale) : '';
}

/**
 * Stored translations of some texts, only the four languages and these fields (missing ones '') as the console
 * reads them back.
 */
export function storedTranslations<F extends string>(
  stored: TextTranslations,
  fields: readonly F[],
): Partial<Record<Locale, Record<F, string>>> {
  const out: Partial<Record<Locale, Record<F, string>>> = {};
  for (const lang of LOCALES) {
    const entry = stored[lang];
    if (!entry || typeof entry !== 'object') continue;
    out[lang] = Object.fromEntries(fields.map((f) => [f, typeof entry[f] === 'string' ? entry[f] : ''])) as Record<
      F,
      string
    >;
  }
  return out;
}
