import type { Locale } from '@petheart/contracts';
import { COMMON_NS, type NamespaceLoader, type Strings } from '../shared/i18n';

/**
 * Every language's strings per namespace: `../locales/<locale>/<namespace>.json`, where the namespace is the
 * feature folder's name (`live`, `home`…; `admin` for src/console). Each file is its own chunk, loaded on
 * first use of its namespace in its language only, so a page's strings travel with the page and a reader
 * downloads no other language's. (`common` loads with the contracts messages, before anything renders.)
 */
type Load = () => Promise<{ default: Strings }>;
const files: Record<string, Load> = import.meta.glob<{ default: Strings }>('../locales/*/*.json');

/** A loader per namespace, keyed by the namespace (the JSON file's name). */
export function featureNamespaceLoaders(): Record<string, NamespaceLoader> {
  const byNamespace = new Map<string, Map<string, Load>>();
  for (const [file, load] of Object.entries(files)) {
    const [, locale, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    if (!locale || !namespace || namespace === COMMON_NS) continue;
    let languages = byNamespace.get(namespace);
    if (!languages) byNamespace.set(namespace, (languages = new Map<string, Load>()));
    languages.set(locale, load);
  }
  const out: Record<string, NamespaceLoader> = {};
  for (const [namespace, languages] of byNamespace) {
    out[namespace] = (locale: Locale) =>
      languages
        .get(locale)?.()
        .then((m) => m.default) ?? Promise.reject(new Error(`no ${locale} strings for namespace ${namespace}`));
  }
  return out;
}
