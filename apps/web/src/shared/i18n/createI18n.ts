import { createInstance, type BackendModule, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '@petheart/contracts';
import { COMMON_NS, MESSAGES_NS, loadMessages } from './messages';

/** One namespace's strings in one language: a JSON file's content (nested objects allowed). */
export type Strings = Record<string, unknown>;
/** A namespace's strings in every language (bundled into the instance: tests). */
export type FeatureResources = Record<Locale, Strings>;
/** Loads one language's strings of a namespace (apps/web/src/locales/<locale>/<namespace>.json) on first use. */
export type NamespaceLoader = (locale: Locale) => Promise<Strings>;

/** Namespaces filled only by loadMessages, for the current language before anything renders. */
const STARTUP_NS = new Set([MESSAGES_NS, COMMON_NS]);

function lazyNamespaces(loaders: Record<string, NamespaceLoader>): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read(language, namespace, callback) {
      const load = STARTUP_NS.has(namespace) ? Promise.resolve({}) : loaders[namespace]?.(language as Locale);
      if (!load) {
        callback(null, {});
        return;
      }
      load.then(
        (res: Resource[string][string] | undefined) => {
          callback(null, res ?? {});
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)), null);
        },
      );
    },
  };
}

/**
 * Creates the app's i18next instance: namespace `common` (shared layer), `messages` (the contracts catalogue)
 * and one namespace per feature folder — bundled (`namespaces`) or loaded on first use (`loaders`: one
 * language's JSON file, its own small chunk; useTranslation suspends until it arrives).
 *
 * Only the current language is ever downloaded. `messages` and `common` start downloading here, in parallel
 * with the app's start, and <LanguageProvider> renders nothing until they are in (see loadMessages). There is
 * no fallback language: i18next would download the fallback's strings beside every language's, and the checks
 * (locales.test.ts, contracts messages.test.ts) make sure every language has every key.
 */
export function createI18n(
  locale: Locale,
  namespaces: Record<string, FeatureResources> = {},
  loaders: Record<string, NamespaceLoader> = {},
): I18n {
  const resources: Resource = {};
  for (const l of LOCALES) {
    const bundle: Resource[string] = {};
    for (const [ns, res] of Object.entries(namespaces)) bundle[ns] = res[l];
    resources[l] = bundle;
  }
  const instance = createInstance();
  instance.use(lazyNamespaces(loaders)).use(initReactI18next);
  void instance.init({
    resources,
    partialBundledLanguages: true,
    lng: locale,
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    ns: [COMMON_NS, ...Object.keys(namespaces)],
    defaultNS: COMMON_NS,
    // Flat keys with dots (`v.password`) and nested feature strings both resolve (ignoreJSONStructure).
    nsSeparator: ':',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  void loadMessages(instance, locale).catch(() => undefined);
  return instance;
}
