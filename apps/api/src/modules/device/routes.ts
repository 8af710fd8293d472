import type { FastifyPluginAsync } from 'fastify';
import { deviceEndpoints as e } from '@petheart/contracts';
import { route } from '../../http/endpoint-route';
import type { DeviceCatalogService } from './catalog';

/** POST /api/device/list: bases with their devices and live state (anyone). */
export const deviceRoutes: FastifyPluginAsync<{ catalog: DeviceCatalogService }> = async (app, { catalog }) => {
  route(app, e.list, (request) => catalog.list(request.body, request.locale));
};
