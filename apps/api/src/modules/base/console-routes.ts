import type { FastifyPluginAsync } from 'fastify';
import { baseConsoleEndpoints as e } from '@petheart/contracts';
import { route } from '../../http/endpoint-route';
import type { BaseService } from './service';

/** /api/admin/base/*: list, create, update (admins only; texts are in the writer's language unless said). */
export const baseConsoleRoutes: FastifyPluginAsync<{ bases: BaseService }> = async (app, { bases }) => {
  route(app, e.list, (request) => bases.list(request.body));
  route(app, e.create, (request) => bases.create(request.body, request.locale));
  route(app, e.update, (request) => bases.update(request.body, request.locale));
};
