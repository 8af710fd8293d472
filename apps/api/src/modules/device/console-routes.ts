import type { FastifyPluginAsync } from 'fastify';
import { deviceConsoleEndpoints as e } from '@petheart/contracts';
import { route } from '../../http/endpoint-route';
import { currentUser } from '../../http/auth';
import type { DeviceCareService } from './care';
import type { DeviceAdminService } from './service';

/** /api/admin/device/*: list (with live state), provision, update, rotate, disable, enable, care (admins only). */
export const deviceConsoleRoutes: FastifyPluginAsync<{ devices: DeviceAdminService; care: DeviceCareService }> = async (
  app,
  { devices, care },
) => {
  route(app, e.list, (request) => devices.list(request.body));
  route(app, e.provision, (request) => devices.provision(request.body));
  route(app, e.update, (request) => devices.update(request.body));
  route(app, e.rotate, (request) => devices.rotate(request.body.device_id));
  route(app, e.disable, (request) => devices.disable(request.body.device_id));
  route(app, e.enable, (request) => devices.enable(request.body.device_id));
  route(app, e.care, (request) => care.send(currentUser(request).id, request.body));
  route(app, e.careLog, (request) => care.log(request.body));
};
