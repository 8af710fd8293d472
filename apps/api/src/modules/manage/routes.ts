import type { FastifyPluginAsync } from 'fastify';
import { manageEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import type { ManageService } from './service';

/** Device management and revenue for base operators (others get not_operator). */
export const manageRoutes: FastifyPluginAsync<{ manage: ManageService }> = async (app, { manage }) => {
  route(app, e.devices, (request) => manage.devices(currentUser(request).id, request.body));
  route(app, e.summary, (request) => manage.summary(currentUser(request).id));
  route(app, e.bases, (request) => manage.bases(currentUser(request).id));
  route(app, e.baseLocation, (request) => manage.setLocationPublic(currentUser(request).id, request.body));
};
