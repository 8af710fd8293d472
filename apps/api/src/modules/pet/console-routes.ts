import type { FastifyPluginAsync } from 'fastify';
import { petConsoleEndpoints as e } from '@petheart/contracts';
import { route } from '../../http/endpoint-route';
import type { PetService } from './service';

/** /api/admin/pet/list|create|update|delete (admins only). */
export const petConsoleRoutes: FastifyPluginAsync<{ pets: PetService }> = async (app, { pets }) => {
  route(app, e.list, (request) => pets.adminList(request.body));
  route(app, e.create, (request) => pets.create(request.body));
  route(app, e.update, (request) => pets.update(request.body));
  route(app, e.delete, async (request) => {
    await pets.delete(request.body.id);
    return {};
  });
};
