import { createRequire } from 'node:module';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { messagesPlugin } from './vite-messages-plugin.ts';

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
  ],
  base: '/',
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
    },
  },
}));
