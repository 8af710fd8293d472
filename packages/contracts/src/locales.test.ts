import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, resolveLocale } from './locales';

describe('resolveLocale', () => {
  it.each([
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh_SG', 'zh-CN'],
    ['zh-Hant', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh-TW', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh-MO', 'zh-TW'],
    ['ja', 'ja'],
    ['ja-JP', 'ja'],
    ['en-GB', 'en'],
    ['fr-FR', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('%s → %s', (tag, locale) => {
    expect(resolveLocale(tag)).toBe(locale);
  });
});

describe('localeFromAcceptLanguage', () => {
  it('takes the highest-ranked language the product speaks', () => {
    expect(localeFromAcceptLanguage('fr-FR,fr;q=0.9,ja;q=0.8,en;q=0.5')).toBe('ja');
    expect(localeFromAcceptLanguage('zh-TW;q=0.4, zh-CN;q=0.9')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('zh-HK')).toBe('zh-TW');
  });
  it('falls back to English for junk and unknown languages', () => {
    expect(localeFromAcceptLanguage('de-DE, *;q=0.1')).toBe('en');
    expect(localeFromAcceptLanguage(';;;q=abc')).toBe('en');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
  });
});
