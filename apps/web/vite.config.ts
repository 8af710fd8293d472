import { createRequire } from 'node:module';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { MESSAGES_MODULE, messagesPlugin } from './vite-messages-plugin.ts';
import { pwaPlugins } from './vite-pwa.ts';
import { routeHintsPlugin } from './build/route-hints.ts';
import { ADMIN_PAGE, ADMIN_PATH, ROUTES, pageFile } from './src/app/route-table.ts';

const require = createRequire(import.meta.url);
/** react-router 7 publishes its production build only by path (its exports map always names development). */
const routerDist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production');

const API = 'http://127.0.0.1:8080';

/**
 * One React: antd-mobile's @react-spring 9 declares react <= 18 as a peer, so without the root package.json's
 * `overrides` npm would install React 18 beside React 19. The overrides keep one copy; dedupe makes sure
 * every import resolves to it even if a nested copy appears again.
 */
export const REACT_DEDUPE = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client', 'scheduler'];

/**
 * Translated strings are one chunk per language and namespace, named `i18n-<locale>-<namespace>-<hash>.js`
 * (src/locales/<locale>/<namespace>.json, and the contracts messages as `messages`), so the build and the
 * network log show which strings a page loads (bench/locale-bytes.ts counts them by this name).
 */
function stringsChunkName(chunk: { facadeModuleId: string | null }): string {
  const id = chunk.facadeModuleId ?? '';
  const file = /\/src\/locales\/([\w-]+)\/(\w+)\.json$/.exec(id);
  if (file) return `assets/i18n-${file[1] ?? ''}-${file[2] ?? ''}-[hash].js`;
  const messages = new RegExp(`^\\0${MESSAGES_MODULE}([\\w-]+)$`).exec(id);
  if (messages) return `assets/i18n-${messages[1] ?? ''}-messages-[hash].js`;
  return 'assets/[name]-[hash].js';
}

/**
 * Kept out of both groups: the entry module (it stays the entry chunk, whose file names the build for the service
 * worker's update check), and what the offline page's script imports (`$initial` counts every entry, and that
 * page must not load the app: vite-pwa.ts refuses a build where it would).
 */
const NOT_INITIAL = /[\\/](src[\\/]main\.tsx|src[\\/]sw[\\/].*|packages[\\/]contracts[\\/]src[\\/]locale-tags\.ts)$/;

/**
 * Fewer, larger chunks where a page needs them all anyway (decision 039). `npm start` serves HTTP/1.1, where a
 * phone opens 6 connections and each request costs a round trip: the index page made 40 script requests, most
 * of them chunks under 2 KB. Everything the entry imports statically is one chunk (13 requests → 4), and the
 * contracts' modules that two or more pages share are one (12 on the index page → 1). Without
 * `includeDependenciesRecursively`, a group takes only what it matches: with it, the entry's group pulled in
 * lazily loaded code (643 KB); and the groups are closed under their imports, so no chunk runs before another
 * it needs (rolldown's `strictExecutionOrder` would make sure at +70 KiB gzip).
 */
/**
 * The contracts the app's start needs (src/shared/session/schemas.ts: getConfiguration and the user's info) are a
 * chunk of their own, closed under its imports: a page that shows no schema (Me, when signed out) then builds
 * only these after its first render, not every schema the pages share (the `contracts` chunk took a phone about
 * 350 ms at 4× CPU to evaluate, one long task). The content module's banner lives in configuration.ts for it.
 */
const SESSION_CONTRACTS =
  /packages[\\/]contracts[\\/]src[\\/](?:endpoint|envelope|errors|fields|locales|constants|configuration|account|endpoints[\\/](?:configuration|user))\.ts$/;

const CHUNK_GROUPS = {
  includeDependenciesRecursively: false,
  groups: [
    { name: 'initial', tags: ['$initial' as const], test: (id: string) => !NOT_INITIAL.test(id), priority: 3 },
    { name: 'contracts-start', test: (id: string) => SESSION_CONTRACTS.test(id), priority: 2 },
    {
      name: 'contracts',
      test: (id: string) => /packages[\\/]contracts[\\/]/.test(id) && !NOT_INITIAL.test(id),
      minShareCount: 2,
      priority: 1,
    },
  ],
};

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    messagesPlugin(),
    // Each text file of the build also as .br (quality 11) and .gz (level 9), which the API sends by the
    // request's Accept-Encoding (apps/api/src/http/web.ts): the best compression, paid once at build time.
    compression({
      algorithms: [
        ['brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }],
        ['gzip', { level: 9 }],
      ],
      include: /\.(?:js|mjs|css|html|json|svg|txt|webmanifest)$/u,
      threshold: 1024,
    }),
    // Each route's files, which the API names in the page it sends (dist/route-hints.json, decision 040).
    routeHintsPlugin([...ROUTES, { path: `${ADMIN_PATH}/*`, page: ADMIN_PAGE }], (page) => `/src/${pageFile(page)}`),
    // The web app manifest, the service worker (/sw.js) and the offline page (decision 038).
    ...pwaPlugins(),
  ],
  base: '/',
  // A JSON module (the translated strings) exports its object only: named exports per top-level key would
  // repeat every string's binding in each strings chunk.
  json: { namedExports: false },
  resolve: {
    dedupe: REACT_DEDUPE,
    alias:
      mode === 'production'
        ? [
            { find: /^react-router$/, replacement: path.join(routerDist, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(routerDist, 'dom-export.mjs') },
          ]
        : [],
  },
  server: {
    proxy: {
      '/api': { target: API, changeOrigin: false },
      '/uploads': { target: API, changeOrigin: false },
      // Live video (HTTP-FLV) and the live room's socket.io.
      '/live': { target: API, changeOrigin: false },
      '/socket.io': { target: API, changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // zod schema builders are pure: a contracts module the shell imports for a constant (APP_VERSION,
      // ERROR_IDS, LOCALES) must not drag its unused schemas, and zod with them, into the entry chunk.
      treeshake: { manualPureFunctions: ['z'] },
      output: { chunkFileNames: stringsChunkName, codeSplitting: CHUNK_GROUPS },
    },
  },
}));
