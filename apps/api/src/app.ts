import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@petheart/contracts';
import type { Container } from './container';
import { authPlugin } from './http/auth';
import { compressionPlugin } from './http/compression';
import { installErrorHandling } from './http/error-handler';
import { localePlugin } from './http/locale';
import { securityPlugin } from './http/security-headers';
import { validatorCompiler } from './http/validation';
import { firstPreview } from './http/page-preview';
import { pageFirstCalls, pagePictures } from './composition/index-page';
import { webPlugin } from './http/web';
import { registerRoutes, type ApiModule } from './api-module';
import { inOrder, runLifecycle } from './lifecycle';
import { adminModule } from './modules/admin';
import { adminMoneyModule } from './modules/admin-money';
import { baseModule } from './modules/base';
import { cashoutModule } from './modules/cashout';
import { codeModule } from './modules/code';
import { configurationModule } from './modules/configuration';
import { contentModule } from './modules/content';
import { careModule } from './modules/care';
import { deviceModule } from './modules/device';
import { stationModule } from './modules/station';
import { feedModule } from './modules/feed';
import { feedStatsModule } from './modules/feed-stats';
import { gatewayModule } from './modules/gateway';
import { liveModule } from './modules/live';
import { manageModule } from './modules/manage';
import { mapsModule } from './modules/maps';
import { mediaModule } from './modules/media';
import { moderationModule } from './modules/moderation';
import { notificationModule } from './modules/notification';
import { oauthModule } from './modules/oauth';
import { paymentModule } from './modules/payment';
import { petModule } from './modules/pet';
import { postModule } from './modules/post';
import { proofModule } from './modules/proof';
import { pushModule } from './modules/push';
import { realtimeModule } from './modules/realtime';
import { reportModule } from './modules/report';
import { searchModule } from './modules/search';
import { shareModule } from './modules/share';
import { statementModule } from './modules/statement';
import { impactModule } from './modules/impact';
import { supportModule } from './modules/support';
import { transparencyModule } from './modules/transparency';
import { uploadModule } from './modules/upload';
import { userModule } from './modules/user';

/** What every module contributes (modules/<name>/index.ts); routes are registered in this order. */
function apiModules(container: Container): ApiModule[] {
  const { services } = container;
  return [
    configurationModule(services),
    codeModule(services),
    userModule(services),
    adminModule(services),
    uploadModule(services),
    oauthModule(services),
    baseModule(services),
    deviceModule(services),
    stationModule(services),
    liveModule(services),
    reportModule(services),
    contentModule(services),
    petModule(services),
    paymentModule(services),
    adminMoneyModule(services),
    realtimeModule(services),
    gatewayModule(services),
    feedModule(services),
    feedStatsModule(services),
    manageModule(services),
    cashoutModule(services),
    postModule(services),
    searchModule(services),
    moderationModule(services),
    supportModule(services),
    mapsModule(services),
    mediaModule(services),
    careModule(services),
    transparencyModule(services),
    proofModule(services),
    statementModule(services),
    impactModule(services),
    notificationModule(services),
    pushModule(services),
    shareModule(services),
    {
      name: 'database',
      routes: [],
      // The embedded database's autovacuum (decision 019), on PGlite only.
      lifecycle: [
        {
          name: 'database maintenance',
          start: () => {
            services.databaseMaintenance?.start();
          },
          stop: () => services.databaseMaintenance?.stop(),
        },
      ],
    },
  ];
}

/**
 * The one order the modules' lifecycle steps start in when the app is ready; they stop in reverse when it closes
 * (preClose steps first, also in reverse), once each.
 * - The payment expiry, the ledger checker and the database maintenance are timers of their own.
 * - realtime: socket.io on the app's server (attached when the app is registered; closed at preClose).
 * - The feed settlement stops after the device gateway: the gateway's stop expires the open commands, and their
 *   settlements are waited for before the services close.
 * - The feed sweeper starts once the gateway runs (the gateway expired what a stopped process left open, and
 *   the sweeper settles those feeds), and stops before it.
 * - The media server starts after the gateway (whose fresh broker marks every device offline); its viewers'
 *   streams end at preClose, before the HTTP server waits for open requests.
 * - The live stills (taken while cameras stream) stop before the media server deletes the streams' segments.
 * - The proof clips (cut from the cameras' recordings) stop before the media server too: clips not cut yet are
 *   failed, cuts under way are waited for.
 * - The review reminders stop after every part that makes notifications, and wait for the fan-outs under way.
 * - The push sender stops last: what the others notify while they stop is still sent, then waited for.
 */
const LIFECYCLE_ORDER = [
  'push sender',
  'payment expiry',
  'ledger checker',
  'database maintenance',
  'realtime',
  'review reminders',
  'feed settlement',
  'device gateway',
  'feed sweeper',
  'media server',
  'live stills',
  'proof clips',
  'station alerts',
  'monthly statements',
] as const;

/** The whole HTTP application as one Fastify plugin; the server entry and the tests both register it. */
export const petheartApp = fp<{ container: Container; serveWeb?: boolean }>(
  async (app, { container, serveWeb = true }) => {
    // Zod schemas from contracts, after a check that no string or key holds NUL (decision 025).
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(localePlugin);
    await app.register(compressionPlugin);
    installErrorHandling(app);
    // Before any route, so the OpenAPI document lists them all (the CSP report route too).
    await app.register(swagger, {
      openapi: {
        info: { title: 'PetHeart API', version: APP_VERSION },
        components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
      },
      transform: jsonSchemaTransform,
    });
    // The HTML's Content-Security-Policy and other security headers; its violation reports (decision 028).
    await app.register(securityPlugin, {
      assetHost: container.config.assetHost,
      mediaHost: container.config.media.nginx?.playbackUrl,
      // The WeChat JS-SDK's script, only when pages inside WeChat may use it (issue 29 §4).
      wechatJsSdk: container.config.share.wechat !== undefined,
    });
    await app.register(authPlugin, { authenticator: container.authenticator });
    app.get('/api/docs/json', { schema: { hide: true } }, () => app.swagger());

    // Every module's routes, then its running parts in the one lifecycle order.
    const modules = apiModules(container);
    await registerRoutes(app, modules);
    const steps = modules.flatMap((m) => m.lifecycle ?? []);
    runLifecycle(app, inOrder(steps, LIFECYCLE_ORDER));

    if (serveWeb)
      await app.register(webPlugin, {
        webDist: container.config.webDist,
        uploadDir: container.config.uploadDir,
        // Shared links' previews, in the link's language: a live room (its still), a proof (the still and its
        // clip), a base or its public account, a post, a support event, a certificate (its drawn picture).
        previews: firstPreview([
          (url, locale) => container.services.sharePreview.preview(url, locale),
          (url, locale) => container.services.proofPreview.preview(url, locale),
          (url, locale) => container.services.basePreview.preview(url, locale),
          (url, locale) => container.services.postPreview.preview(url, locale),
          (url, locale) => container.services.eventPreview.preview(url, locale),
          (url, locale) => container.services.certificatePreview.preview(url, locale),
        ]),
        pictures: pagePictures(container.services.content, container.config.assetHost),
        firstCalls: pageFirstCalls,
      });
  },
  { name: 'petheart' },
);

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  serveWeb?: boolean;
  /** Called for every route as it is added (tests build the route table from it). */
  onRoute?: (route: RouteOptions) => void;
}

/** Creates a Fastify instance with the PetHeart app registered, ready for `listen` or `inject`. */
export async function buildApp(container: Container, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: container.config.trustProxy,
    bodyLimit: 256 * 1024,
    requestTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();
  const { onRoute } = options;
  if (onRoute)
    app.addHook('onRoute', (route) => {
      onRoute(route);
    });
  await app.register(petheartApp, { container, serveWeb: options.serveWeb ?? true });
  await app.ready();
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
