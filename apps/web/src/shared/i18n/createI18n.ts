import { createInstance, type BackendModule, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LOCALE, LOCALES, type Locale } from '@petheart/contracts';
import { resources as commonResources } from './locales';
import { MESSAGES_NS, loadMessages } from './messages';

/** A feature's `locales.ts` export: strings per locale (nested objects allowed). */
export type FeatureResources = Record<Locale, Record<string, unknown>>;
/** Loads a feature's `locales.ts` on first use of its namespace. */
export type NamespaceLoader = () => Promise<{ resources: FeatureResources }>;

function lazyNamespaces(loaders: Record<string, NamespaceLoader>): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read(language, namespace, callback) {
      // `messages` is filled only by loadMessages (one language: i18next would fetch the fallback's too).
      const load =
        namespace === MESSAGES_NS
          ? Promise.resolve({})
          : loaders[namespace]?.().then((mod) => mod.resources[language as Locale]);
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
 * and one namespace per feature folder — bundled (`namespaces`) or loaded on first use (`loaders`, so a page's
 * strings travel with the page's chunk; useTranslation suspends until they arrive).
 *
 * `messages` is not in the entry chunk: the current language's texts start downloading here, in parallel with
 * the app's start, and <LanguageProvider> renders nothing until they are in (see loadMessages). Only that
 * language is fetched — not the fallback language too, as i18next's backend would.
 */
export function createI18n(
  locale: Locale,
  namespaces: Record<string, FeatureResources> = {},
  loaders: Record<string, NamespaceLoader> = {},
): I18n {
  const resources: Resource = {};
  for (const l of LOCALES) {
    const bundle: Resource[string] = { common: commonResources[l] };
    for (const [ns, res] of Object.entries(namespaces)) bundle[ns] = res[l];
    resources[l] = bundle;
  }
  const instance = createInstance();
  instance.use(lazyNamespaces(loaders)).use(initReactI18next);
  void instance.init({
    resources,
    partialBundledLanguages: true,
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...LOCALES],
    ns: ['common', ...Object.keys(namespaces)],
    defaultNS: 'common',
    // Flat keys with dots (`v.password`) and nested feature strings both resolve (ignoreJSONStructure).
    nsSeparator: ':',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  void loadMessages(instance, locale).catch(() => undefined);
  return instance;
}
