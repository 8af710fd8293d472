import type { FastifyPluginAsync } from 'fastify';
import { stationCareEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import type { StationCareService } from './service';

/** /api/manage/device/health|refill, /api/manage/alerts: a base operator's own stations. */
export const careRoutes: FastifyPluginAsync<{ care: StationCareService }> = async (app, { care }) => {
  const operator = (userId: number) => ({ admin: false, userId }) as const;
  route(app, e.health, (request) => care.health(operator(currentUser(request).id), request.body.device_id));
  route(app, e.refill, (request) => {
    const { id } = currentUser(request);
    return care.refill(operator(id), id, request.body);
  });
  route(app, e.alerts, (request) => care.alerts(operator(currentUser(request).id), request.body));
};
