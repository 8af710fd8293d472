import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminBaseCreateBodySchema,
  AdminBaseListBodySchema,
  AdminBaseListDataSchema,
  AdminBaseSchema,
  AdminBaseUpdateBodySchema,
  envelope,
} from '@petheart/contracts';
import { ok } from '../../http/envelope';
import type { BaseService } from './service';

const admin = { auth: 'admin' as const };
const tags = ['admin'];

/** /api/admin/base/*: list, create, update (admins only). */
export const baseConsoleRoutes: FastifyPluginAsyncZod<{ bases: BaseService }> = async (app, { bases }) => {
  app.post(
    '/api/admin/base/list',
    {
      config: admin,
      schema: { tags, body: AdminBaseListBodySchema, response: { 200: envelope(AdminBaseListDataSchema) } },
    },
    async (request) => ok(await bases.list(request.body)),
  );
  app.post(
    '/api/admin/base/create',
    {
      config: admin,
      schema: { tags, body: AdminBaseCreateBodySchema, response: { 200: envelope(AdminBaseSchema) } },
    },
    async (request) => ok(await bases.create(request.body), request.t('ok.baseCreated')),
  );
  app.post(
    '/api/admin/base/update',
    {
      config: admin,
      schema: { tags, body: AdminBaseUpdateBodySchema, response: { 200: envelope(AdminBaseSchema) } },
    },
    async (request) => ok(await bases.update(request.body), request.t('ok.saved')),
  );
};
