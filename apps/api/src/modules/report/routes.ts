import type { FastifyPluginAsync } from 'fastify';
import { reportEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import type { ReportService } from './service';

/** POST /api/report/create: a problem report about a live room's device (users). */
export const reportRoutes: FastifyPluginAsync<{ reports: ReportService }> = async (app, { reports }) => {
  route(app, e.create, (request) => reports.create(currentUser(request).id, request.body));
};
