import { describe, expect, it } from 'vitest';
import type { AdminBase } from '@petheart/contracts';
import { BaseFormSchema, EMPTY_BASE_FORM, baseFormToBody, baseToForm, bodyResolver } from './forms';
import { emptyTranslations, otherLanguages, translationsBody, translationsToForm, writtenInOf } from './translations';

const BASE: AdminBase = {
  id: 3,
  name: 'Harbour Cats',
  address: 'Pier 1',
  latitude: 31.2,
  longitude: 121.5,
  animal_count: 4,
  photos: [],
  introduction: 'Cats by the water.',
  created_at: 1,
  text_lang: '',
  operator_id: null,
  device_count: 0,
  location_public: false,
  translations: { ja: { name: '港の猫', introduction: '' } },
};

describe('translations in the console’s forms (issue 29 §5)', () => {
  it('holds every language’s texts and sends only the written ones, never the original’s language', () => {
    const form = translationsToForm({ ja: { name: '港の猫' } }, ['name', 'introduction']);
    expect(form.ja).toEqual({ name: '港の猫', introduction: '' });
    expect(form['zh-TW']).toEqual({ name: '', introduction: '' });
    form.en.name = 'Harbour';
    expect(translationsBody(form, 'en')).toEqual({ ja: { name: '港の猫', introduction: '' } });
    expect(translationsBody(emptyTranslations(['name']), 'ja')).toEqual({});
  });

  it('offers the languages other than the original’s, which is the writer’s when unknown', () => {
    expect(otherLanguages('ja')).toEqual(['en', 'zh-CN', 'zh-TW']);
    expect(writtenInOf('', 'zh-TW')).toBe('zh-TW');
    expect(writtenInOf('ja', 'en')).toBe('ja');
  });

  it('a base’s form: its language and translations go with the body, and a refused one lands on its field', () => {
    const form = baseToForm(BASE, 'zh-CN');
    expect(form.text_lang).toBe('zh-CN');
    expect(baseFormToBody(form)).toMatchObject({
      text_lang: 'zh-CN',
      translations: { ja: { name: '港の猫', introduction: '' } },
    });
    expect(EMPTY_BASE_FORM.translations.ja).toEqual({ name: '', introduction: '' });
    const tooLong = {
      ...form,
      translations: { ...form.translations, ja: { name: 'x'.repeat(101), introduction: '' } },
    };
    const result = bodyResolver(BaseFormSchema, baseFormToBody)(tooLong, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    return Promise.resolve(result).then((r) => {
      expect(r.errors).toMatchObject({ translations: { ja: { name: { message: 'v.tooLong' } } } });
    });
  });
});
