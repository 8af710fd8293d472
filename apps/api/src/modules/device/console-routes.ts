import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminDeviceIdBodySchema,
  AdminDeviceListBodySchema,
  AdminDeviceListDataSchema,
  AdminDeviceSchema,
  AdminDeviceUpdateBodySchema,
  DeviceCredentialsSchema,
  DeviceProvisionBodySchema,
  envelope,
} from '@petheart/contracts';
import { ok } from '../../http/envelope';
import type { DeviceAdminService } from './service';

const admin = { auth: 'admin' as const };
const tags = ['admin'];

/** /api/admin/device/*: list (with live state), provision, update, rotate, disable, enable (admins only). */
export const deviceConsoleRoutes: FastifyPluginAsyncZod<{ devices: DeviceAdminService }> = async (app, { devices }) => {
  app.post(
    '/api/admin/device/list',
    {
      config: admin,
      schema: { tags, body: AdminDeviceListBodySchema, response: { 200: envelope(AdminDeviceListDataSchema) } },
    },
    async (request) => ok(await devices.list(request.body)),
  );
  app.post(
    '/api/admin/device/provision',
    {
      config: admin,
      schema: { tags, body: DeviceProvisionBodySchema, response: { 200: envelope(DeviceCredentialsSchema) } },
    },
    async (request) => ok(await devices.provision(request.body), request.t('ok.deviceProvisioned')),
  );
  app.post(
    '/api/admin/device/update',
    {
      config: admin,
      schema: { tags, body: AdminDeviceUpdateBodySchema, response: { 200: envelope(AdminDeviceSchema) } },
    },
    async (request) => ok(await devices.update(request.body), request.t('ok.saved')),
  );
  app.post(
    '/api/admin/device/rotate',
    {
      config: admin,
      schema: { tags, body: AdminDeviceIdBodySchema, response: { 200: envelope(DeviceCredentialsSchema) } },
    },
    async (request) => ok(await devices.rotate(request.body.device_id), request.t('ok.secretRotated')),
  );
  app.post(
    '/api/admin/device/disable',
    { config: admin, schema: { tags, body: AdminDeviceIdBodySchema, response: { 200: envelope(AdminDeviceSchema) } } },
    async (request) => ok(await devices.disable(request.body.device_id), request.t('ok.deviceDisabled')),
  );
  app.post(
    '/api/admin/device/enable',
    { config: admin, schema: { tags, body: AdminDeviceIdBodySchema, response: { 200: envelope(AdminDeviceSchema) } } },
    async (request) => ok(await devices.enable(request.body.device_id), request.t('ok.deviceEnabled')),
  );
};
