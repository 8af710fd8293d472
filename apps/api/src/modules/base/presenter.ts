import {
  pickTexts,
  type AdminBase,
  type Base,
  type BaseTranslations,
  type Locale,
  type TextLang,
} from '@petheart/contracts';
import type { TextTranslations } from '../../db/schema/columns';
import { storedTranslations, textLangOf } from '../../lib/text-lang';
import { seconds } from '../../lib/time';
import { publicLocation } from './location-policy';
import type { BaseRow } from './repository';

/** A base's name and introduction for a reader (their language where translated: issue 29 §5), or as written. */
export function baseTexts(
  b: Pick<BaseRow, 'name' | 'introduction' | 'textLang' | 'translations'>,
  reader: Locale | null,
): { name: string; introduction: string; text_lang: TextLang } {
  if (reader === null) return { name: b.name, introduction: b.introduction, text_lang: textLangOf(b.textLang) };
  const { texts, lang } = pickTexts({ name: b.name, introduction: b.introduction }, b.textLang, b.translations, reader);
  return { ...texts, text_lang: lang };
}

/**
 * A base's name for a reader where the list has no introduction to show: the same choice as its page makes
 * (a translation counts when it has every text the base has), from whether it has an introduction.
 */
export function baseNameFor(
  b: { name: string; textLang: string; translations: TextTranslations; hasIntroduction: boolean },
  reader: Locale,
): { name: string; text_lang: TextLang } {
  // The introduction's words do not matter here, only whether there are any.
  const introduction = b.hasIntroduction ? '-' : '';
  const { texts, lang } = pickTexts({ name: b.name, introduction }, b.textLang, b.translations, reader);
  return { name: texts.name, text_lang: lang };
}

/** A base with its exact location (for its operator and admins only), its texts for `reader` (null: as written). */
export function toExactBase(b: BaseRow, reader: Locale | null): Base {
  return {
    id: b.id,
    address: b.address,
    latitude: b.latitude,
    longitude: b.longitude,
    animal_count: b.animalCount,
    photos: b.photos,
    created_at: seconds(b.createdAt),
    ...baseTexts(b, reader),
  };
}

/** A base as a reader sees it: its location coarse unless its operator published it (location-policy.ts). */
export function toBase(b: BaseRow, reader: Locale): Base {
  return { ...toExactBase(b, reader), ...publicLocation(b) };
}

/** A base as the operator console sees it (the exact location, the texts as written and their translations). */
export function toAdminBase(b: BaseRow, deviceCount: number): AdminBase {
  const translations: BaseTranslations = storedTranslations(b.translations, ['name', 'introduction'] as const);
  return {
    ...toExactBase(b, null),
    operator_id: b.operatorId,
    device_count: deviceCount,
    location_public: b.locationPublic,
    translations,
  };
}
