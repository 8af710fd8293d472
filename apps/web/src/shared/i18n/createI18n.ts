import { createInstance, type BackendModule, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LOCALE, LOCALES, MESSAGES, type Locale } from '@petheart/contracts';
import { resources as commonResources } from './locales';

/** A feature's `locales.ts` export: strings per locale (nested objects allowed). */
export type FeatureResources = Record<Locale, Record<string, unknown>>;
/** Loads a feature's `locales.ts` on first use of its namespace. */
export type NamespaceLoader = () => Promise<{ resources: FeatureResources }>;

/** The contracts catalogue as an i18next namespace (`{name}` placeholders become `{{name}}`). */
function messagesFor(locale: Locale): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, texts] of Object.entries(MESSAGES)) {
    out[key] = texts[locale].replace(/\{(\w+)\}/g, '{{$1}}');
  }
  return out;
}

function lazyNamespaces(loaders: Record<string, NamespaceLoader>): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read(language, namespace, callback) {
      const load = loaders[namespace];
      if (!load) {
        callback(null, {});
        return;
      }
      load().then(
        (mod) => {
          const res = mod.resources[language as Locale] as Resource[string][string] | undefined;
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
 * Creates the app's i18next instance: namespace `messages` (contracts), `common` (shared layer) and one
 * namespace per feature folder — bundled (`namespaces`) or loaded on first use (`loaders`, so a page's strings
 * travel with the page's chunk; useTranslation suspends until they arrive).
 */
export function createI18n(
  locale: Locale,
  namespaces: Record<string, FeatureResources> = {},
  loaders: Record<string, NamespaceLoader> = {},
): I18n {
  const resources: Resource = {};
  for (const l of LOCALES) {
    const bundle: Resource[string] = { messages: messagesFor(l), common: commonResources[l] };
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
    ns: ['common', 'messages', ...Object.keys(namespaces)],
    defaultNS: 'common',
    // Flat keys with dots (`v.password`) and nested feature strings both resolve (ignoreJSONStructure).
    nsSeparator: ':',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
