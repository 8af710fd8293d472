import { describe, expect, it } from 'vitest';
import { offlineLocale } from './offline-locale';

describe("the offline page's language", () => {
  it("is the language chosen in the app's settings", () => {
    expect(offlineLocale('ja', { languages: ['en-US'], language: 'en-US' })).toBe('ja');
    expect(offlineLocale('zh-TW', { language: 'en' })).toBe('zh-TW');
  });

  it("else the system's, as the app resolves it", () => {
    for (const [tag, locale] of [
      ['ja-JP', 'ja'],
      ['zh-HK', 'zh-TW'],
      ['zh-Hant-TW', 'zh-TW'],
      ['zh', 'zh-CN'],
      ['zh-Hans-CN', 'zh-CN'],
      ['fr-FR', 'en'],
    ] as const) {
      expect(offlineLocale(null, { languages: [tag], language: 'en' }), tag).toBe(locale);
      expect(offlineLocale('auto', { language: tag }), tag).toBe(locale);
    }
  });
});
