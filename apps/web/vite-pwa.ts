import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, PluginOption, Rolldown } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

/**
 * The installable app (decision 038): the web app manifest, the service worker (src/sw/sw.ts, built by
 * vite-plugin-pwa in injectManifest mode as /sw.js) with the list of files it precaches, and the offline page.
 */

const root = import.meta.dirname;

export const WEB_MANIFEST: Partial<ManifestOptions> = {
  id: '/',
  name: 'PetHeart',
  short_name: 'PetHeart',
  description: 'Watch live streams of stray-animal feeders and feed them remotely.',
  lang: 'en',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#54BDFF',
  background_color: '#F5F7FA',
  categories: ['lifestyle', 'social'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * Not precached (fetched when used, then kept by the worker's bounded runtime cache): the operator console and
 * its strings (operators only), and the video players (mpegts.js, hls.js: 175 KiB gzip, no use offline).
 * Everything else the app can load is: a page opened offline shows itself, with its own load-failure state.
 */
const NOT_PRECACHED = [/^assets\/(?:AdminApp|hls|mpegts)[-.]/u, /^assets\/i18n-[\w-]+?-admin-/u];

/** The files reachable from the entries (static and dynamic imports, their CSS) without entering NOT_PRECACHED. */
export function shellFiles(bundle: Rolldown.OutputBundle): Set<string> {
  const chunks = Object.values(bundle).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const queue = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
  while (queue.length > 0) {
    const file = queue.shift() ?? '';
    if (seen.has(file) || NOT_PRECACHED.some((re) => re.test(file))) continue;
    seen.add(file);
    const chunk = byName.get(file);
    if (!chunk) continue;
    const meta = chunk.viteMetadata;
    for (const f of [...(meta?.importedCss ?? []), ...(meta?.importedAssets ?? [])]) seen.add(f);
    queue.push(...chunk.imports, ...chunk.dynamicImports);
  }
  return seen;
}

/** Keeps the build's hashed files that shellFiles found; the other precached files (pages, icons) all stay. */
function precacheShell(): { plugin: Plugin; keep: (url: string) => boolean } {
  let shell = new Set<string>();
  return {
    plugin: {
      name: 'petheart-precache-shell',
      apply: 'build',
      generateBundle(_options, bundle) {
        shell = shellFiles(bundle);
      },
    },
    keep: (url) => !url.startsWith('assets/') || shell.has(url),
  };
}

interface OfflineStrings {
  offline: { title: string; body: string; retry: string };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/gu, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const LOGO =
  '<svg class="logo" viewBox="0 0 64 64" aria-hidden="true"><rect width="64" height="64" rx="14" fill="#54BDFF"/>' +
  '<path d="M32 50s-16-9.6-16-21a8.5 8.5 0 0 1 16-4 8.5 8.5 0 0 1 16 4c0 11.4-16 21-16 21z" fill="#fff"/></svg>';

/** offline.html: one section per language (src/locales/<locale>/pwa.json), English shown until the script runs. */
export function offlineHtml(strings: Record<string, OfflineStrings>): string {
  const sections = Object.entries(strings)
    .sort(([a], [b]) => (a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b)))
    .map(
      ([locale, { offline }]) =>
        `<section data-locale="${locale}" lang="${locale}"${locale === 'en' ? '' : ' hidden'}>` +
        `<h1>${escapeHtml(offline.title)}</h1><p>${escapeHtml(offline.body)}</p>` +
        `<button type="button" data-retry>${escapeHtml(offline.retry)}</button></section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
<meta name="theme-color" content="#54BDFF" />
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<title>PetHeart</title>
<style>
:root{color-scheme:light}
*{box-sizing:border-box}
html,body{margin:0;padding:0;background:#f5f7fa;color:#1f2d3d;-webkit-tap-highlight-color:transparent;
font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue','Noto Sans JP','Noto Sans CJK SC','PingFang SC','Hiragino Sans','Microsoft YaHei',sans-serif}
main{min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;
padding:calc(24px + env(safe-area-inset-top)) 32px calc(24px + env(safe-area-inset-bottom));text-align:center}
.logo{width:72px;height:72px}
section{max-width:360px}
section[hidden]{display:none}
h1{margin:20px 0 8px;font-size:20px;font-weight:600;line-height:1.4}
p{margin:0;color:#5b6b7b;font-size:14px;line-height:1.6;text-wrap:pretty}
:lang(ja) p{word-break:auto-phrase}
button{margin-top:24px;min-width:160px;min-height:44px;padding:10px 24px;border:0;border-radius:22px;background:#54bdff;
color:#06304d;font:inherit;font-size:16px;font-weight:600;cursor:pointer}
button:active{opacity:.8}
button:focus-visible{outline:2px solid #0a6aa8;outline-offset:2px}
</style>
<script type="module" src="/offline.js"></script>
</head>
<body>
<main>
${LOGO}
${sections}
</main>
</body>
</html>
`;
}

/** Writes offline.html (from every language's pwa.json) and its script /offline.js (src/sw/offline-page.ts). */
function offlinePage(): Plugin {
  const localesDir = path.join(root, 'src/locales');
  return {
    name: 'petheart-offline-page',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: path.join(root, 'src/sw/offline-page.ts'), fileName: 'offline.js' });
    },
    generateBundle(_options, bundle) {
      // The page shows with no network and nothing of the app: its script must not load (or run) the app's code.
      const script = bundle['offline.js'];
      const imports = script?.type === 'chunk' ? [...script.imports, ...script.dynamicImports] : [];
      // (vite.config.ts, CHUNK_GROUPS: `initial` is what the app's entry imports.)
      const heavy = imports.filter((file) => /(^|\/)(initial|index)-/.test(file));
      if (heavy.length > 0) this.error(`offline.js must not import the app's chunks: ${heavy.join(', ')}`);
      const strings: Record<string, OfflineStrings> = {};
      for (const locale of readdirSync(localesDir)) {
        const file = path.join(localesDir, locale, 'pwa.json');
        this.addWatchFile(file);
        strings[locale] = JSON.parse(readFileSync(file, 'utf8')) as OfflineStrings;
      }
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: offlineHtml(strings) });
    },
  };
}

export function pwaPlugins(): PluginOption[] {
  const shell = precacheShell();
  return [
    offlinePage(),
    shell.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // The app registers the worker itself (src/app/pwa/start.ts), after the first render.
      injectRegister: false,
      manifest: WEB_MANIFEST,
      // The icons come with the public folder's files below.
      includeManifestIcons: false,
      injectManifest: {
        // index.html, offline.html and .js, the build's files, icons and pictures (not their .br/.gz copies);
        // manifest.webmanifest is added by the plugin itself.
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        globIgnores: ['sw.js'],
        manifestTransforms: [(entries) => ({ manifest: entries.filter((e) => shell.keep(e.url)), warnings: [] })],
        // As the app's build (vite.config.ts): contracts' zod schemas stay out of the worker.
        rollupOptions: { treeshake: { manualPureFunctions: ['z'] } },
        // The worker's own build prints like the app's (warnings only), and asks rolldown for one file the way
        // rolldown names it (the plugin's inlineDynamicImports prints a deprecation warning at every start).
        buildPlugins: { vite: [quietWorkerBuild()] },
      },
    }),
  ];
}

/** For the worker's build (vite-plugin-pwa's inline config): warnings only, and one file without a deprecated option. */
function quietWorkerBuild(): Plugin {
  return {
    name: 'petheart:quiet-worker-build',
    config(config) {
      // vite-plugin-pwa writes the deprecated names; this turns its one-file request into the current option.
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- read where vite-plugin-pwa put it
      const output = config.build?.rollupOptions?.output;
      if (output && !Array.isArray(output) && 'inlineDynamicImports' in output) {
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- removed in favour of codeSplitting: false
        delete output.inlineDynamicImports;
        Object.assign(output, { codeSplitting: false });
      }
      return { logLevel: 'warn' };
    },
  };
}
