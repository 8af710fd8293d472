import type { Plugin, Rolldown } from 'vite';
import type { RouteHint, RouteHints } from '@petheart/contracts';

/**
 * Each route's files, for the server to name in the page it sends (decision 040): the page's chunk with what it
 * imports statically and their styles, and per language the strings it shows before it renders. The app's
 * entry and what it imports are left out (index.html names them already); so are the page's lazily loaded
 * parts, which would take bandwidth from what the first paint needs (measured: Lighthouse's LCP on `/` was
 * lower with the page alone than with its lazy sections and the session's schemas too).
 */

/** A route of the app (src/app/route-table.ts): its path, and its page module under src/features. */
export interface HintRoute {
  path: string;
  page: string;
}

/** Where a page's module lives, from its route's `page` (the console's shell is src/console/AdminApp.tsx). */
export type PageModuleOf = (page: string) => string;

/** The virtual module of a language's contracts messages (vite-messages-plugin.ts), resolved. */
const MESSAGES = /^\0virtual:petheart-messages\/([\w-]+)$/u;
/** A namespace's strings: src/locales/<locale>/<namespace>.json. */
const NAMESPACE = /[\\/]src[\\/]locales[\\/]([\w-]+)[\\/](\w+)\.json$/u;
/** antd-mobile's texts for a language the entry does not hold (src/shared/i18n/antd-locales.ts). */
const ANTD_LOCALES: Record<string, RegExp> = {
  ja: /antd-mobile[\\/]es[\\/]locales[\\/]ja-JP\.js$/u,
  'zh-TW': /antd-mobile[\\/]es[\\/]locales[\\/]zh-TW\.js$/u,
};

type Chunk = Rolldown.OutputChunk;

/** The chunk index.html loads (Vite names the page its module: its script, src/main.tsx, is inlined in it). */
const isAppEntry = (c: Chunk) => c.isEntry && /[\\/]index\.html$/u.test(c.facadeModuleId ?? '');

export function routeHints(
  bundle: Rolldown.OutputBundle,
  routes: readonly HintRoute[],
  moduleOf: PageModuleOf,
): RouteHints {
  const chunks = Object.values(bundle).filter((o): o is Chunk => o.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  /** A chunk and the chunks it imports statically, in load order (the chunk first). */
  const closure = (start: Chunk): Chunk[] => {
    const seen = new Map<string, Chunk>();
    const queue = [start];
    for (let c = queue.shift(); c; c = queue.shift()) {
      if (seen.has(c.fileName)) continue;
      seen.set(c.fileName, c);
      for (const name of c.imports) {
        const next = byName.get(name);
        if (next) queue.push(next);
      }
    }
    return [...seen.values()];
  };
  // What index.html loads already: the app's entry and what it imports statically.
  const entry = chunks.find(isAppEntry);
  if (!entry) throw new Error('route hints: the build has no index.html entry');
  const named = new Set(closure(entry).map((c) => c.fileName));
  const namedCss = new Set([...named].flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]));
  const files = (list: Chunk[]) => ({
    js: list.filter((c) => !named.has(c.fileName)).map((c) => `/${c.fileName}`),
    css: [...new Set(list.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))]
      .filter((f) => !namedCss.has(f))
      .map((f) => `/${f}`),
  });
  const facade = (test: (id: string) => boolean) =>
    chunks.find((c) => c.facadeModuleId !== null && test(c.facadeModuleId));

  // Per language: the strings every page waits for (messages, common, antd-mobile's), and each namespace's.
  const startup = new Map<string, Chunk[]>();
  const namespaces = new Map<string, Chunk>();
  for (const c of chunks) {
    const id = c.facadeModuleId ?? '';
    const messages = MESSAGES.exec(id);
    const ns = NAMESPACE.exec(id);
    const locale = messages?.[1] ?? (ns?.[2] === 'common' ? ns[1] : undefined);
    if (locale) startup.set(locale, [...(startup.get(locale) ?? []), c]);
    else if (ns) namespaces.set(`${ns[1] ?? ''}/${ns[2] ?? ''}`, c);
  }
  for (const [locale, test] of Object.entries(ANTD_LOCALES)) {
    const antd = facade((id) => test.test(id));
    if (antd) startup.set(locale, [...(startup.get(locale) ?? []), antd]);
  }
  if (startup.size === 0) throw new Error('route hints: no strings chunks in the build');

  const out: RouteHints = { version: 1, routes: {} };
  for (const route of routes) {
    const module = moduleOf(route.page);
    const page = facade((id) => id.endsWith(module));
    if (!page) throw new Error(`route hints: no chunk for ${route.path} (${module})`);
    const namespace = route.page.split('/')[0] ?? '';
    const strings: RouteHint['strings'] = { en: [], ja: [], 'zh-CN': [], 'zh-TW': [] };
    for (const locale of Object.keys(strings) as (keyof RouteHint['strings'])[]) {
      const own = namespaces.get(`${locale}/${namespace}`);
      const list = [...(startup.get(locale) ?? []), ...(own ? [own] : [])].flatMap(closure);
      strings[locale] = [...new Set(files(list).js)];
    }
    out.routes[route.path] = { ...files(closure(page)), strings };
  }
  return out;
}

/** The file the API reads: contracts' ROUTE_HINTS_FILE (not imported: the build's config runs in plain Node). */
export const ROUTE_HINTS_FILE = 'route-hints.json';

/** Writes dist/route-hints.json for the API. */
export function routeHintsPlugin(routes: readonly HintRoute[], moduleOf: PageModuleOf): Plugin {
  return {
    name: 'petheart-route-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      // The service worker's own build (vite-plugin-pwa) has no pages.
      if (!Object.values(bundle).some((o) => o.type === 'chunk' && isAppEntry(o))) return;
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_HINTS_FILE,
        source: JSON.stringify(routeHints(bundle, routes, moduleOf)),
      });
    },
  };
}
