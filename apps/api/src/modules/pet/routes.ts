import type { FastifyPluginAsync } from 'fastify';
import { petEndpoints as e } from '@petheart/contracts';
import { route } from '../../http/endpoint-route';
import type { PetService } from './service';

/** /api/pet/list|detail (tourists too). */
export const petRoutes: FastifyPluginAsync<{ pets: PetService }> = async (app, { pets }) => {
  route(app, e.list, (request) => pets.list(request.body, request.locale));
  route(app, e.detail, (request) => pets.detail(request.body.id, request.locale));
};
