import type { FastifyPluginAsync } from 'fastify';
import { notificationEndpoints as n, pushEndpoints as p } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import type { PushService } from './service';

/** Web Push (issue 29 §2): the VAPID key, a browser's subscription, and the user's delivery settings. */
export const pushRoutes: FastifyPluginAsync<{ push: PushService }> = async (app, { push }) => {
  route(app, p.key, () => ({ public_key: push.publicKey() }));
  route(app, p.subscribe, async (request) => {
    const userAgent = request.headers['user-agent'] ?? '';
    await push.subscribe(currentUser(request), request.body, request.locale, userAgent);
    return {};
  });
  route(app, p.unsubscribe, async (request) => {
    await push.unsubscribe(currentUser(request).id, request.body.endpoint);
    return {};
  });
  route(app, n.settings, (request) => push.settings(currentUser(request), request.locale));
  route(app, n.saveSettings, (request) => push.saveSettings(currentUser(request), request.body));
};
