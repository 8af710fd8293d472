import { describe, expect, it } from 'vitest';
import { languageName, marksLanguage } from './lang-tag';

describe('the language tag of an operator’s text', () => {
  it('names the language in the reader’s language, the Chinese ones by script', () => {
    expect(languageName('en', 'ja')).toBe('英語');
    expect(languageName('ja', 'en')).toBe('Japanese');
    expect(languageName('zh-CN', 'en')).toBe('Simplified Chinese');
    expect(languageName('zh-TW', 'zh-TW')).toBe('繁體中文');
    expect(languageName('ja', 'zh-CN')).toBe('日语');
  });

  it('marks a text only when its language is known and not the reader’s', () => {
    expect(marksLanguage('en', 'ja')).toBe(true);
    expect(marksLanguage('zh-CN', 'zh-TW')).toBe(true);
    expect(marksLanguage('ja', 'ja')).toBe(false);
    expect(marksLanguage('', 'en')).toBe(false);
  });
});
