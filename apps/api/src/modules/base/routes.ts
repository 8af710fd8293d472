import type { FastifyPluginAsync } from 'fastify';
import { baseEndpoints as e } from '@petheart/contracts';
import { route } from '../../http/endpoint-route';
import type { BaseDetailService } from './detail-service';

/** POST /api/base/detail: a base with its figures and live rooms (anyone). */
export const baseDetailRoutes: FastifyPluginAsync<{ baseDetail: BaseDetailService }> = async (app, { baseDetail }) => {
  route(app, e.detail, (request) => baseDetail.detail(request.body.id, request.locale));
};
