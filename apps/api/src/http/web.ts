import { existsSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app (history-mode routes fall back to index.html) and uploaded files.
 * Uploaded files are served with nosniff and a strict content security policy.
 */
export const webPlugin = fp<{ webDist: string; uploadDir: string }>(
  async (app, { webDist, uploadDir }) => {
    mkdirSync(uploadDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploadDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      setHeaders(res) {
        res.header('X-Content-Type-Options', 'nosniff');
        res.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
    const hasWeb = existsSync(path.join(webDist, 'index.html'));
    if (!hasWeb) {
      app.log.warn({ webDist }, 'web app not built: run `npm run build`');
      return;
    }
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      // The build writes .br and .gz beside each file (vite.config.ts): sent by Accept-Encoding, with
      // `Vary: Accept-Encoding`; files without them are compressed on the fly (compression.ts) or sent as are.
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header('X-Content-Type-Options', 'nosniff');
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
    // History mode: any GET outside /api and /uploads that accepts HTML gets the app's index.html.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const url = request.url;
      if (url.startsWith('/api/') || url.startsWith('/uploads/') || url.startsWith('/assets/')) return;
      if (path.extname(url.split('?')[0] ?? '')) return;
      if (!(request.headers.accept ?? '').includes('text/html')) return;
      await reply.header('Cache-Control', 'no-cache').sendFile('index.html', webDist);
      return reply;
    });
  },
  { name: 'web' },
);
