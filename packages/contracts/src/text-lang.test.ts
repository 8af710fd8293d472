import { describe, expect, it } from 'vitest';
import { BaseTranslationsInputSchema, cleanTranslations, pickTexts } from './text-lang';

const original = { name: 'Harbour Cats', introduction: 'Cats by the water.' };
const ja = { name: '港の猫', introduction: '水辺の猫。' };

describe('pickTexts: the texts a reader gets and their language', () => {
  it('gives the reader their own translation, else the original', () => {
    expect(pickTexts(original, 'en', { ja }, 'ja')).toEqual({ texts: ja, lang: 'ja' });
    expect(pickTexts(original, 'en', { ja }, 'zh-TW')).toEqual({ texts: original, lang: 'en' });
    expect(pickTexts(original, 'en', { ja }, 'en')).toEqual({ texts: original, lang: 'en' });
  });

  it('follows the reader’s fallback order before the original (the other Chinese script first)', () => {
    const zh = { name: '港口猫', introduction: '水边的猫。' };
    expect(pickTexts(ja, 'ja', { 'zh-CN': zh }, 'zh-TW')).toEqual({ texts: zh, lang: 'zh-CN' });
    // A Japanese reader of a Chinese text with an English translation reads the English.
    expect(pickTexts(zh, 'zh-CN', { en: original }, 'ja')).toEqual({ texts: original, lang: 'en' });
  });

  it('counts a translation only when it has every text the original has', () => {
    expect(pickTexts(original, 'en', { ja: { name: '港の猫', introduction: ' ' } }, 'ja').lang).toBe('en');
    expect(pickTexts({ name: 'X', introduction: '' }, 'en', { ja: { name: 'エックス' } }, 'ja')).toEqual({
      texts: { name: 'エックス', introduction: '' },
      lang: 'ja',
    });
  });

  it('shows an original of unknown language unless the reader’s own translation is there', () => {
    expect(pickTexts(original, '', { 'zh-CN': ja }, 'zh-TW')).toEqual({ texts: original, lang: '' });
    expect(pickTexts(original, '', { 'zh-TW': ja }, 'zh-TW')).toEqual({ texts: ja, lang: 'zh-TW' });
    expect(pickTexts(original, 'xx', {}, 'en')).toEqual({ texts: original, lang: '' });
  });

  it('ignores a stored translation in the original’s own language and malformed entries', () => {
    expect(pickTexts(original, 'ja', { ja: { name: 'other', introduction: 'other' } }, 'ja').texts).toBe(original);
    expect(pickTexts(original, 'en', { ja: 'nonsense' as never }, 'ja').lang).toBe('en');
  });
});

describe('translations as the console sends and stores them', () => {
  it('drops empty languages and the original’s own, trimming', () => {
    expect(
      cleanTranslations(
        { en: { name: 'x', introduction: '' }, ja: { name: ' 港 ', introduction: '' }, 'zh-TW': { name: '' } },
        'en',
      ),
    ).toEqual({ ja: { name: '港', introduction: '' } });
  });

  it('accepts only the four languages and the form’s texts', () => {
    expect(BaseTranslationsInputSchema.safeParse({ ja: { name: 'a' } }).success).toBe(true);
    for (const bad of [{ fr: { name: 'a' } }, { ja: { title: 'a' } }, { ja: { name: 'a'.repeat(101) } }, []]) {
      expect(BaseTranslationsInputSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
