import type { FastifyPluginAsync } from 'fastify';
import { mapsEndpoints as e } from '@petheart/contracts';
import { route } from '../../http/endpoint-route';
import type { MapsService } from './service';

/**
 * /api/maps/*: our server's proxy to the maps service (the key and its secret stay on the server). Open to
 * tourists like the pages that pick places; providers have their own quotas.
 */
export const mapsRoutes: FastifyPluginAsync<{ maps: MapsService }> = async (app, { maps }) => {
  route(app, e.search, (request) => maps.search(request.body, request.ip));
  route(app, e.suggestion, (request) => maps.suggestion(request.body, request.ip));
  route(app, e.geocoder, (request) => maps.geocoder(request.body, request.ip));
};
