import type { FastifyPluginAsync } from 'fastify';
import { notificationEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import type { NotificationService } from './service';

/** The signed-in user's own notifications (issue 29 §1), rendered in the request's language. */
export const notificationRoutes: FastifyPluginAsync<{ notifications: NotificationService }> = async (
  app,
  { notifications },
) => {
  route(app, e.list, (request) => notifications.list(currentUser(request).id, request.body, request.locale));
  route(app, e.unread, (request) => notifications.unread(currentUser(request).id));
  route(app, e.read, (request) => notifications.read(currentUser(request).id, request.body.ids));
  route(app, e.readAll, (request) => notifications.readAll(currentUser(request).id));
};
