import type { i18n as I18n } from 'i18next';
import type { Locale } from '@petheart/contracts';

/** The i18next namespace of the contracts MESSAGES catalogue. */
export const MESSAGES_NS = 'messages';
/** The shared layer's own strings (apps/web/src/locales/<locale>/common.json): the tab bar, loading, retry… */
export const COMMON_NS = 'common';

type Catalogue = () => Promise<{ default: Record<string, string> }>;

/**
 * Each language's catalogue is its own small chunk (vite-messages-plugin.ts generates it from the contracts),
 * so the entry chunk holds no message texts and the app downloads only the languages it shows.
 */
const CATALOGUES: Record<Locale, Catalogue> = {
  en: () => import('virtual:petheart-messages/en'),
  ja: () => import('virtual:petheart-messages/ja'),
  'zh-CN': () => import('virtual:petheart-messages/zh-CN'),
  'zh-TW': () => import('virtual:petheart-messages/zh-TW'),
};

function loadCatalogue(locale: Locale): Promise<Record<string, string>> {
  return CATALOGUES[locale]().then((m) => m.default);
}

/** Each language's `common` strings, its own small chunk like every namespace's JSON file. */
const COMMON = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/common.json');

function loadCommon(locale: Locale): Promise<Record<string, unknown>> {
  const load = COMMON[`../../locales/${locale}/common.json`];
  return load ? load().then((m) => m.default) : Promise.reject(new Error(`no common strings for ${locale}`));
}

interface Loads {
  done: Set<Locale>;
  running: Map<Locale, Promise<void>>;
}
const loadsByInstance = new WeakMap<I18n, Loads>();

function loadsOf(i18n: I18n): Loads {
  let loads = loadsByInstance.get(i18n);
  if (!loads) loadsByInstance.set(i18n, (loads = { done: new Set(), running: new Map() }));
  return loads;
}

/** Whether loadMessages has added `locale`'s texts (messages and common) to the instance. */
export function hasMessages(i18n: I18n, locale: Locale): boolean {
  return loadsByInstance.get(i18n)?.done.has(locale) ?? false;
}

/**
 * Adds `locale`'s messages and `common` strings to the instance (once; concurrent calls share the download):
 * what every screen needs before it renders. A failed download is forgotten, so a later call tries again. This
 * is the only way the two namespaces are filled: i18next's backend answers them with nothing.
 */
export function loadMessages(i18n: I18n, locale: Locale): Promise<void> {
  const loads = loadsOf(i18n);
  if (loads.done.has(locale)) return Promise.resolve();
  const running = loads.running.get(locale);
  if (running) return running;
  const load = Promise.all([loadCatalogue(locale), loadCommon(locale)])
    .then(([texts, common]) => {
      i18n.addResourceBundle(locale, MESSAGES_NS, texts, true, true);
      i18n.addResourceBundle(locale, COMMON_NS, common, true, true);
      loads.done.add(locale);
    })
    .finally(() => {
      loads.running.delete(locale);
    });
  loads.running.set(locale, load);
  return load;
}
