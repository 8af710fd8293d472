import type { FastifyPluginAsync } from 'fastify';
import { adminConsoleEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import type { AdminUserService } from './service';

/** /api/admin/user/*: list, detail, disable, enable (admins only). */
export const userConsoleRoutes: FastifyPluginAsync<{ adminUsers: AdminUserService }> = async (app, { adminUsers }) => {
  route(app, e.list, (request) => adminUsers.list(request.body));
  route(app, e.detail, (request) => adminUsers.detail(request.body.id));
  route(app, e.disable, (request) => adminUsers.disable(currentUser(request).id, request.body.id));
  route(app, e.enable, (request) => adminUsers.enable(request.body.id));
};
