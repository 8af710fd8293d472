import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { Locale } from '@petheart/contracts';

export type AntdLocale = typeof enUS;

/** antd-mobile's ja-JP and zh-TW locales leave some strings in English: these fill the gaps. */
const jaOverrides = {
  common: { close: '閉じる' },
  Calendar: {
    title: '日付選択',
    confirm: '確認',
    start: '開始',
    end: '終了',
    startAndEnd: '開始/終了',
    today: '今日',
  },
  DatePicker: { tillNow: '現在まで' },
  PullToRefresh: { refreshing: '更新中...' },
  Selector: { name: 'セレクター' },
};

const zhTWOverrides = {
  Calendar: {
    title: '日期選擇',
    confirm: '確認',
    start: '開始',
    end: '結束',
    startAndEnd: '開始/結束',
    today: '今日',
  },
  DatePicker: { tillNow: '至今' },
  ImageUploader: { upload: '上傳' },
  InfiniteScroll: { failedToLoad: '載入失敗', retry: '重新載入' },
  Input: { clear: '清除' },
  PasscodeInput: { name: '密碼輸入框' },
  PullToRefresh: { refreshing: '載入中...' },
  SearchBar: { name: '搜尋框' },
  Slider: { name: '滑動輸入條' },
  Stepper: { decrease: '減少', increase: '增加' },
  Switch: { name: '開關' },
  Selector: { name: '選擇組' },
};

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function deepMerge<T>(base: T, override: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(override)) return (override ?? base) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(override)) out[k] = deepMerge(out[k], v);
  return out as T;
}

/**
 * antd-mobile's texts per language. English and Simplified Chinese are in the entry chunk anyway (antd-mobile's
 * ConfigProvider imports zh-CN, its own default); the others load with the reader's language only, as the app's
 * own strings do (issue 29: the entry chunk's budget).
 */
const LOADERS: Record<Locale, () => Promise<AntdLocale>> = {
  en: () => Promise.resolve(enUS),
  ja: () => import('antd-mobile/es/locales/ja-JP').then((m) => deepMerge(m.default, jaOverrides)),
  'zh-CN': () => Promise.resolve(zhCN),
  'zh-TW': () => import('antd-mobile/es/locales/zh-TW').then((m) => deepMerge(m.default, zhTWOverrides)),
};

/** The locales loaded so far (the imported modules' own texts: loading one twice gives the same). */
const loaded = new Map<Locale, AntdLocale>([
  ['en', enUS],
  ['zh-CN', zhCN],
]);

/** antd-mobile's texts in `locale` once loaded, else undefined. */
export function antdLocale(locale: Locale): AntdLocale | undefined {
  return loaded.get(locale);
}

/** Loads antd-mobile's texts in `locale`. */
export async function loadAntdLocale(locale: Locale): Promise<AntdLocale> {
  const known = loaded.get(locale);
  if (known) return known;
  const texts = await LOADERS[locale]();
  loaded.set(locale, texts);
  return texts;
}
