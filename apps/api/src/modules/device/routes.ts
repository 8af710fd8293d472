import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeviceListBodySchema, DeviceListDataSchema, envelope } from '@petheart/contracts';
import { ok } from '../../http/envelope';
import type { DeviceCatalogService } from './catalog';

/** POST /api/device/list: bases with their devices and live state (anyone). */
export const deviceRoutes: FastifyPluginAsyncZod<{ catalog: DeviceCatalogService }> = async (app, { catalog }) => {
  app.post(
    '/api/device/list',
    { schema: { tags: ['device'], body: DeviceListBodySchema, response: { 200: envelope(DeviceListDataSchema) } } },
    async (request) => ok(await catalog.list(request.body)),
  );
};
