import type { FastifyPluginAsync } from 'fastify';
import { supportConsoleEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import type { SupportApplicationService } from './application-service';
import type { SupportEventService } from './event-service';

/** /api/admin/support/*: reviewing applications, publishing and editing events (admins only; decision 016). */
export const supportConsoleRoutes: FastifyPluginAsync<{
  applications: SupportApplicationService;
  events: SupportEventService;
}> = async (app, { applications, events }) => {
  route(app, e.applications, (request) => applications.consoleList(request.body, request.locale));
  route(app, e.application, (request) => applications.consoleOne(request.body.id, request.locale));
  route(app, e.review, (request) => applications.review(currentUser(request).id, request.body, request.locale));
  route(app, e.events, (request) => events.consoleList(request.body));
  route(app, e.event, (request) => events.consoleDetail(request.body.id));
  route(app, e.eventCreate, (request) => events.create(currentUser(request).id, request.body, request.locale));
  route(app, e.eventUpdate, (request) => events.update(request.body, request.locale));
};
