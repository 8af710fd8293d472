import { createRequire } from 'node:module';
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import type * as contracts from '@petheart/contracts';

type Contracts = typeof contracts;

/** `import('virtual:petheart-messages/<locale>')`: that language's contracts messages (i18next namespace). */
export const MESSAGES_MODULE = 'virtual:petheart-messages/';
const RESOLVED = `\0${MESSAGES_MODULE}`;

const require = createRequire(import.meta.url);
/** The contracts package's entry (TypeScript, evaluated by Vite's module runner). */
const CONTRACTS_ENTRY = require.resolve('@petheart/contracts');
/** The contracts package's folder: its sources and its texts (locales/<locale>/*.json). */
const CONTRACTS_DIR = path.dirname(path.dirname(CONTRACTS_ENTRY)) + path.sep;

/**
 * Serves the contracts MESSAGES catalogue (the single source of the texts, packages/contracts/locales/<locale>/
 * *.json) as one small module per language, generated at build time, so the app loads only the current
 * language's texts and none in its entry chunk. Placeholders are i18next's already (`{{name}}`); an empty text
 * falls back to the fallback language's, as contracts' `translate` does, so the fallback language never has to
 * be loaded beside the current one.
 */
export function messagesPlugin(): Plugin {
  let catalogue: Promise<{ contracts: Contracts; files: string[] }> | undefined;
  const load = () =>
    (catalogue ??= runnerImport<Contracts>(CONTRACTS_ENTRY)
      .then(({ module, dependencies }) => ({
        contracts: module,
        files: [CONTRACTS_ENTRY, ...dependencies],
      }))
      .catch((error: unknown) => {
        catalogue = undefined; // e.g. a contracts file mid-edit: the next load tries again
        throw error;
      }));
  return {
    name: 'petheart-messages',
    resolveId(id) {
      return id.startsWith(MESSAGES_MODULE) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const { contracts, files } = await load();
      const { FALLBACK_LOCALE, LOCALES, MESSAGES } = contracts;
      const locale = LOCALES.find((l) => l === id.slice(RESOLVED.length));
      if (!locale) throw new Error(`${id}: not one of the locales ${LOCALES.join(', ')}`);
      for (const file of files) this.addWatchFile(file);
      const texts: Record<string, string> = {};
      for (const [key, t] of Object.entries(MESSAGES)) {
        const own: string = t[locale];
        texts[key] = own === '' ? t[FALLBACK_LOCALE] : own;
      }
      return `export default ${JSON.stringify(texts)};\n`;
    },
    watchChange(file) {
      if (file.startsWith(CONTRACTS_DIR)) catalogue = undefined;
    },
  };
}
