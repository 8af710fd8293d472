import type { FastifyPluginAsync } from 'fastify';
import { moderationConsoleEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import type { ModerationService } from './service';

/** /api/admin/post/* (the moderation queue) and /api/admin/report/* (the problem-report queue), admins only. */
export const moderationConsoleRoutes: FastifyPluginAsync<{ moderation: ModerationService }> = async (
  app,
  { moderation },
) => {
  route(app, e.postList, (request) => moderation.posts(currentUser(request).id, request.body));
  route(app, e.postApprove, (request) => moderation.approve(currentUser(request).id, request.body.id));
  route(app, e.postReject, (request) => moderation.reject(currentUser(request).id, request.body));
  route(app, e.reportList, (request) => moderation.reports(request.body));
  route(app, e.reportResolve, (request) => moderation.resolve(currentUser(request).id, request.body));
};
