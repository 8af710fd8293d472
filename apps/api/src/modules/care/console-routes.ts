import type { FastifyPluginAsync } from 'fastify';
import { stationCareConsoleEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import type { StationCareService } from './service';

/** /api/admin/device/health|refill|alerts: looking after any station (admins only). */
export const careConsoleRoutes: FastifyPluginAsync<{ care: StationCareService }> = async (app, { care }) => {
  const admin = { admin: true } as const;
  route(app, e.health, (request) => care.health(admin, request.body.device_id));
  route(app, e.refill, (request) => care.refill(admin, currentUser(request).id, request.body));
  route(app, e.alerts, (request) => care.alerts(admin, request.body));
};
