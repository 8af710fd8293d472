import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminPostApproveBodySchema,
  AdminPostListBodySchema,
  AdminPostListDataSchema,
  AdminPostRejectBodySchema,
  AdminPostSchema,
  AdminReportListBodySchema,
  AdminReportListDataSchema,
  AdminReportResolveBodySchema,
  AdminReportSchema,
  envelope,
} from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { ModerationService } from './service';

const admin = { auth: 'admin' as const };
const tags = ['admin'];

/** /api/admin/post/* (the moderation queue) and /api/admin/report/* (the problem-report queue), admins only. */
export const moderationConsoleRoutes: FastifyPluginAsyncZod<{ moderation: ModerationService }> = async (
  app,
  { moderation },
) => {
  app.post(
    '/api/admin/post/list',
    {
      config: admin,
      schema: { tags, body: AdminPostListBodySchema, response: { 200: envelope(AdminPostListDataSchema) } },
    },
    async (request) => ok(await moderation.posts(currentUser(request).id, request.body)),
  );
  app.post(
    '/api/admin/post/approve',
    { config: admin, schema: { tags, body: AdminPostApproveBodySchema, response: { 200: envelope(AdminPostSchema) } } },
    async (request) =>
      ok(await moderation.approve(currentUser(request).id, request.body.id), request.t('ok.postApproved')),
  );
  app.post(
    '/api/admin/post/reject',
    { config: admin, schema: { tags, body: AdminPostRejectBodySchema, response: { 200: envelope(AdminPostSchema) } } },
    async (request) => ok(await moderation.reject(currentUser(request).id, request.body), request.t('ok.postRejected')),
  );
  app.post(
    '/api/admin/report/list',
    {
      config: admin,
      schema: { tags, body: AdminReportListBodySchema, response: { 200: envelope(AdminReportListDataSchema) } },
    },
    async (request) => ok(await moderation.reports(request.body)),
  );
  app.post(
    '/api/admin/report/resolve',
    {
      config: admin,
      schema: { tags, body: AdminReportResolveBodySchema, response: { 200: envelope(AdminReportSchema) } },
    },
    async (request) =>
      ok(await moderation.resolve(currentUser(request).id, request.body), request.t('ok.reportResolved')),
  );
};
