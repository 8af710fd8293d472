import { describe, expect, it } from 'vitest';
import { createI18n } from './createI18n';
import { detectLocale, readPreference } from './preference';
import { antdLocale, loadAntdLocale } from './antd-locales';
import { hasMessages, loadMessages } from './messages';

describe('language', () => {
  it.each([
    ['zh', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-Hant', 'zh-TW'],
    ['zh-TW', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh-MO', 'zh-TW'],
    ['ja-JP', 'ja'],
    ['fr-FR', 'en'],
  ] as const)('auto maps %s to %s', (tag, locale) => {
    expect(detectLocale({ language: tag, languages: [tag] })).toBe(locale);
  });

  it('reads a stored preference, defaulting to auto', () => {
    expect(readPreference(localStorage)).toBe('auto');
    localStorage.setItem('language', 'ja');
    expect(readPreference(localStorage)).toBe('ja');
    localStorage.setItem('language', 'xx');
    expect(readPreference(localStorage)).toBe('auto');
  });

  it('registers the contracts catalogue as `messages` and `common`, and loads a namespace in one language', async () => {
    const requested: string[] = [];
    const home = { en: { a: 'A' }, ja: { a: 'ア' }, 'zh-CN': { a: '甲' }, 'zh-TW': { a: '甲' } };
    const i18n = createI18n(
      'zh-CN',
      {},
      {
        home: (locale) => {
          requested.push(locale);
          return Promise.resolve(home[locale]);
        },
      },
    );
    // the messages are not in the bundle: the current language's start loading with the instance
    expect(hasMessages(i18n, 'zh-CN')).toBe(false);
    await loadMessages(i18n, 'zh-CN');
    expect(i18n.t('messages:v.tooFrequent')).toBe('请勿频繁操作');
    expect(i18n.t('messages:error.too_many_attempts', { seconds: 5 })).toBe('失败次数过多，请5秒后再试');
    expect(i18n.t('common:loading')).toBe('加载中...');
    await i18n.loadNamespaces('home');
    expect(i18n.t('home:a')).toBe('甲');
    // one language's file per namespace: no fallback language's beside it
    expect(requested).toEqual(['zh-CN']);
    await i18n.changeLanguage('ja');
    expect(i18n.t('home:a')).toBe('ア');
    expect(requested).toEqual(['zh-CN', 'ja']);
  });

  it("loads antd-mobile's texts per language, with the ja/zh-TW gaps filled", async () => {
    const [ja, zhTW] = await Promise.all([loadAntdLocale('ja'), loadAntdLocale('zh-TW')]);
    expect(ja.Calendar.today).toBe('今日');
    expect(zhTW.InfiniteScroll.retry).toBe('重新載入');
    expect(ja.common.confirm).toBe('確認');
    expect(antdLocale('ja')).toBe(ja);
    expect((await loadAntdLocale('zh-CN')).common.confirm).toBe('确定');
  });
});
