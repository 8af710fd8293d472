import { existsSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { Locale } from '@petheart/contracts';
import { previewLocale, previewOf, withPreview, type PagePreviews } from './page-preview';
import {
  answersTag,
  hintTags,
  pathOfUrl,
  pictureTags,
  readRouteHints,
  routeHintOf,
  withHints,
  type FirstCalls,
  type PagePictures,
} from './route-hints';

/**
 * Serves the built web app (history-mode routes fall back to index.html) and uploaded files.
 * Uploaded files are served with nosniff and a strict content security policy. A page with a preview (a shared
 * live room) gets index.html with its Open Graph tags, in the link's language. A route of the app gets index.html
 * naming the files its page needs (route-hints.ts).
 */
export const webPlugin = fp<{
  webDist: string;
  uploadDir: string;
  previews?: PagePreviews;
  pictures?: PagePictures;
  firstCalls?: FirstCalls;
}>(
  async (app, { webDist, uploadDir, previews, pictures, firstCalls }) => {
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
    // The built page and its routes' files, read once (they do not change while the server runs).
    let indexFile: Promise<string> | undefined;
    const indexHtml = () => (indexFile ??= readFile(path.join(webDist, 'index.html'), 'utf8'));
    const hints = await readRouteHints(webDist, app.log);
    /** A route's tags per language (a bounded set: the routes × 4). */
    const tagsOf = new Map<string, string>();
    const pageFor = async (url: string, acceptLanguage: string | undefined): Promise<string | undefined> => {
      const pathname = pathOfUrl(url);
      const route = hints && routeHintOf(hints, pathname);
      if (!route) return undefined;
      const locale = previewLocale(url, acceptLanguage);
      const key = `${route.key} ${locale}`;
      let tags = tagsOf.get(key);
      if (tags === undefined) tagsOf.set(key, (tags = hintTags(route.hint, locale)));
      // The page's first picture can change with every edit: named per request (from memory: banners are cached),
      // and first, so the browser asks for it before the scripts.
      const shown = await (pictures?.(pathname, locale) ?? Promise.resolve([])).catch((error: unknown) => {
        app.log.warn({ err: error, url }, 'page pictures failed');
        return [];
      });
      return withHints(await indexHtml(), pictureTags(shown) + tags + (await firstAnswers(pathname, locale)));
    };
    /** The first answers of the page's first calls, asked of this app as the page would ask (public, in `locale`). */
    const firstAnswers = async (pathname: string, locale: Locale): Promise<string> => {
      const answers: Record<string, unknown> = {};
      for (const call of firstCalls?.(pathname) ?? []) {
        const res = await app.inject({
          method: call.method,
          url: call.url,
          headers: { lang: locale, 'content-type': 'application/json' },
          ...(call.method === 'POST' ? { payload: '{}' } : {}),
        });
        if (res.statusCode === 200) answers[`${call.method} ${call.url}`] = res.json();
      }
      return answersTag(locale, answers);
    };
    const previewPage = async (url: string, acceptLanguage: string | undefined): Promise<string | undefined> => {
      if (!previews) return undefined;
      // In the link's language (its `lang`), else the crawler's Accept-Language, else English.
      const preview = await previewOf(previews, url, acceptLanguage).catch((error: unknown) => {
        app.log.warn({ err: error, url }, 'page preview failed');
        return undefined;
      });
      if (!preview) return undefined;
      return withPreview((await pageFor(url, acceptLanguage)) ?? (await indexHtml()), preview);
    };
    // The hook below answers before routing ends, and compression (compression.ts) works through the matched
    // route's hooks: without a route here, a route's page (with its hints, its first answers: 3-5 KB) went out
    // uncompressed. This one answers nothing itself: what the hook leaves is not found, as before.
    app.get('/*', { schema: { hide: true } }, (_request, reply) => {
      reply.callNotFound();
    });
    // History mode: any GET outside /api and /uploads that accepts HTML gets the app's index.html.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const url = request.url;
      if (url.startsWith('/api/') || url.startsWith('/uploads/') || url.startsWith('/assets/')) return;
      if (path.extname(url.split('?')[0] ?? '')) return;
      const accept = request.headers.accept ?? '';
      const html = accept.includes('text/html');
      // Link crawlers often ask for anything (*/*): a page with a preview answers them too.
      if (!html && accept !== '' && !accept.includes('*/*')) return;
      const acceptLanguage = request.headers['accept-language'];
      const preview = await previewPage(url, acceptLanguage);
      if (preview === undefined && !html) return;
      const page = preview ?? (await pageFor(url, acceptLanguage));
      // A preview or a route's page is in the reader's language (Accept-Language), which caches must tell apart.
      if (page !== undefined) {
        await reply
          .header('Cache-Control', 'no-cache')
          .header('Vary', 'Accept-Language')
          .type('text/html; charset=utf-8')
          .send(page);
        return reply;
      }
      await reply.header('Cache-Control', 'no-cache').sendFile('index.html', webDist);
      return reply;
    });
  },
  { name: 'web' },
);
