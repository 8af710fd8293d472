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
import { webPlugin } from './http/web';
import { configurationRoutes } from './modules/configuration/routes';
import { adminUserRoutes } from './modules/admin/routes';
import { codeRoutes } from './modules/code/routes';
import { userRoutes } from './modules/user/routes';
import { uploadRoutes } from './modules/upload/routes';
import { oauthRoutes } from './modules/oauth/routes';
import { adminBaseRoutes } from './modules/base/routes';
import { adminDeviceRoutes, deviceRoutes } from './modules/device/routes';
import { baseDetailRoutes } from './modules/base/detail-routes';
import { liveRoutes } from './modules/live/routes';
import { reportRoutes } from './modules/report/routes';
import { mediaRoutes } from './modules/media/routes';
import { paymentRoutes } from './modules/payment/routes';
import { feedRoutes } from './modules/feed/routes';
import { feedStatsRoutes } from './modules/feed-stats/routes';
import { adminMoneyRoutes } from './modules/admin-money/routes';
import { contentRoutes } from './modules/content/routes';
import { adminContentRoutes } from './modules/content/admin-routes';
import { petRoutes } from './modules/pet/routes';
import { postRoutes } from './modules/post/routes';
import { searchRoutes } from './modules/search/routes';
import { moderationRoutes } from './modules/moderation/routes';
import { manageRoutes } from './modules/manage/routes';
import { cashoutRoutes } from './modules/cashout/routes';
import { adminCashoutRoutes } from './modules/cashout/admin-routes';
import { supportRoutes } from './modules/support/routes';
import { supportAdminRoutes } from './modules/support/admin-routes';
import { mapsRoutes } from './modules/maps/routes';

/** The whole HTTP application as one Fastify plugin; the server entry and the tests both register it. */
export const petheartApp = fp<{ container: Container; serveWeb?: boolean }>(
  async (app, { container, serveWeb = true }) => {
    // Zod schemas from contracts, after a check that no string or key holds NUL (decision 025).
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(localePlugin);
    await app.register(compressionPlugin);
    installErrorHandling(app);
    // The HTML's Content-Security-Policy and other security headers; its violation reports (decision 028).
    await app.register(securityPlugin, { assetHost: container.config.assetHost });
    await app.register(authPlugin, { authenticator: container.authenticator });
    await app.register(swagger, {
      openapi: {
        info: { title: 'PetHeart API', version: APP_VERSION },
        components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
      },
      transform: jsonSchemaTransform,
    });
    app.get('/api/docs/json', { schema: { hide: true } }, () => app.swagger());

    const { services } = container;
    await app.register(configurationRoutes, { configuration: services.configuration });
    await app.register(codeRoutes, { codes: services.codes });
    await app.register(userRoutes, { users: services.users, tokens: services.tokens });
    await app.register(adminUserRoutes, { adminUsers: services.adminUsers });
    await app.register(uploadRoutes, { upload: services.upload });
    await app.register(oauthRoutes, { oauth: services.oauth });
    await app.register(adminBaseRoutes, { bases: services.bases });
    await app.register(adminDeviceRoutes, { devices: services.devices });
    await app.register(deviceRoutes, { catalog: services.deviceCatalog });
    await app.register(liveRoutes, {
      rooms: services.liveRooms,
      lists: services.liveLists,
      fans: services.fans,
      comments: services.comments,
    });
    await app.register(reportRoutes, { reports: services.reports });
    await app.register(contentRoutes, { content: services.content });
    await app.register(adminContentRoutes, { contentAdmin: services.contentAdmin });
    await app.register(petRoutes, { pets: services.pets });
    await app.register(baseDetailRoutes, { baseDetail: services.baseDetail });
    await app.register(paymentRoutes, { payments: services.payments, sandbox: services.paymentSandbox });
    // Recharge orders left unpaid are closed: a sweep at start and every minute while the app runs.
    app.addHook('onReady', () => services.payments.start());
    app.addHook('onClose', () => services.payments.stop());
    // The console's money pages; the ledger's invariant checker runs every 10 minutes while the app does.
    await app.register(adminMoneyRoutes, { money: services.adminMoney, checker: services.ledgerChecker });
    app.addHook('onReady', () => {
      services.ledgerChecker.start();
    });
    app.addHook('onClose', () => services.ledgerChecker.stop());
    // The embedded database's autovacuum (decision 019), on PGlite only.
    app.addHook('onReady', () => {
      services.databaseMaintenance?.start();
    });
    app.addHook('onClose', () => services.databaseMaintenance?.stop());
    // socket.io (namespace /live) on the same HTTP server (with REDIS_URL shared with the other API
    // processes once ready); its sockets close before the server does.
    services.realtime.attach(app.server);
    app.addHook('onReady', () => services.realtime.start());
    app.addHook('preClose', () => services.realtime.close());
    // The device gateway (MQTT broker and client) runs while the app does.
    app.addHook('onReady', () => services.gateway.start());
    app.addHook('onClose', () => services.gateway.stop());
    // Feeds (decision 011): once the gateway runs (it expired what a stopped process left open), the sweeper
    // settles those feeds and keeps ending lost ones; its routes.
    await app.register(feedRoutes, { feeds: services.feeds });
    await app.register(feedStatsRoutes, { feedStats: services.feedStats });
    // Base operators (issue 6, decision 015): device management, revenue, cash-out; the console's processing.
    await app.register(manageRoutes, { manage: services.manage });
    await app.register(cashoutRoutes, { cashouts: services.cashouts });
    await app.register(adminCashoutRoutes, { cashoutAdmin: services.cashoutAdmin });
    // Community (issue 5): posts, likes and comments; search; the console's moderation and report queues.
    await app.register(postRoutes, { posts: services.posts, comments: services.postComments });
    await app.register(searchRoutes, { search: services.search });
    await app.register(moderationRoutes, { moderation: services.moderation });
    // Support requests, events, gifts and help-pay; the maps service (decision 016).
    await app.register(supportRoutes, {
      applications: services.supportApplications,
      events: services.supportEvents,
      gifts: services.supportGifts,
    });
    await app.register(supportAdminRoutes, {
      applications: services.supportApplications,
      events: services.supportEvents,
    });
    await app.register(mapsRoutes, { maps: services.maps });
    app.addHook('onReady', () => services.feedSettlement.start());
    app.addHook('onClose', () => services.feedSettlement.stop());
    // The media server starts after the gateway (whose fresh broker marks every device offline) and ends its
    // viewers' streams before the HTTP server waits for open requests.
    await app.register(mediaRoutes, { live: services.liveMedia });
    app.addHook('onReady', () => services.media.start());
    app.addHook('preClose', () => {
      services.media.endViewers();
    });
    app.addHook('onClose', () => services.media.stop());

    if (serveWeb)
      await app.register(webPlugin, { webDist: container.config.webDist, uploadDir: container.config.uploadDir });
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
