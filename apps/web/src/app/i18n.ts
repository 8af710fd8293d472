import type { FeatureResources, NamespaceLoader } from '../shared/i18n';

const modules = import.meta.glob<{ resources: FeatureResources }>('../features/*/locales.ts');

/**
 * Every feature folder's `locales.ts`, keyed by the folder name (= its i18next namespace), loaded on first
 * use so each page's strings travel with the page instead of the entry chunk.
 */
export function featureNamespaceLoaders(): Record<string, NamespaceLoader> {
  const out: Record<string, NamespaceLoader> = {};
  for (const [path, load] of Object.entries(modules)) {
    const name = /\/features\/([^/]+)\/locales\.ts$/.exec(path)?.[1];
    if (name) out[name] = load;
  }
  return out;
}
