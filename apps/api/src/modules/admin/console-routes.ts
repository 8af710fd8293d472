import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminUserIdBodySchema,
  AdminUserListBodySchema,
  AdminUserListDataSchema,
  AdminUserSchema,
  envelope,
} from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { AdminUserService } from './service';

const admin = { auth: 'admin' as const };
const tags = ['admin'];

/** /api/admin/user/*: list, detail, disable, enable (admins only). */
export const userConsoleRoutes: FastifyPluginAsyncZod<{ adminUsers: AdminUserService }> = async (
  app,
  { adminUsers },
) => {
  app.post(
    '/api/admin/user/list',
    {
      config: admin,
      schema: { tags, body: AdminUserListBodySchema, response: { 200: envelope(AdminUserListDataSchema) } },
    },
    async (request) => ok(await adminUsers.list(request.body)),
  );
  app.post(
    '/api/admin/user/detail',
    { config: admin, schema: { tags, body: AdminUserIdBodySchema, response: { 200: envelope(AdminUserSchema) } } },
    async (request) => ok(await adminUsers.detail(request.body.id)),
  );
  app.post(
    '/api/admin/user/disable',
    { config: admin, schema: { tags, body: AdminUserIdBodySchema, response: { 200: envelope(AdminUserSchema) } } },
    async (request) =>
      ok(await adminUsers.disable(currentUser(request).id, request.body.id), request.t('ok.userDisabled')),
  );
  app.post(
    '/api/admin/user/enable',
    { config: admin, schema: { tags, body: AdminUserIdBodySchema, response: { 200: envelope(AdminUserSchema) } } },
    async (request) => ok(await adminUsers.enable(request.body.id), request.t('ok.userEnabled')),
  );
};
