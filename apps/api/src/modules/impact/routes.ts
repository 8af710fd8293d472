import type { FastifyPluginAsync } from 'fastify';
import { statementEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import type { ImpactService } from './service';

/** /api/feed/impact: "My impact" (login). */
export const impactRoutes: FastifyPluginAsync<{ impact: ImpactService }> = async (app, { impact }) => {
  route(app, e.impact, (request) => impact.list(currentUser(request).id, request.body.page, request.body.limit));
};
