import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminContentCreateBodySchema,
  AdminContentDeleteBodySchema,
  AdminContentItemSchema,
  AdminContentListBodySchema,
  AdminContentListDataSchema,
  AdminContentUpdateBodySchema,
  EmptySchema,
  envelope,
} from '@petheart/contracts';
import { ok } from '../../http/envelope';
import type { ContentAdminService } from './admin-service';

const admin = { auth: 'admin' as const };
const tags = ['admin'];

/** /api/admin/content/*: list, create, update, delete Q&A, articles, pages and banners (admins only). */
export const contentConsoleRoutes: FastifyPluginAsyncZod<{ contentAdmin: ContentAdminService }> = async (
  app,
  { contentAdmin },
) => {
  app.post(
    '/api/admin/content/list',
    {
      config: admin,
      schema: { tags, body: AdminContentListBodySchema, response: { 200: envelope(AdminContentListDataSchema) } },
    },
    async (request) => ok(await contentAdmin.list(request.body)),
  );
  app.post(
    '/api/admin/content/create',
    {
      config: admin,
      schema: { tags, body: AdminContentCreateBodySchema, response: { 200: envelope(AdminContentItemSchema) } },
    },
    async (request) => ok(await contentAdmin.create(request.body), request.t('ok.saved')),
  );
  app.post(
    '/api/admin/content/update',
    {
      config: admin,
      schema: { tags, body: AdminContentUpdateBodySchema, response: { 200: envelope(AdminContentItemSchema) } },
    },
    async (request) => ok(await contentAdmin.update(request.body), request.t('ok.saved')),
  );
  app.post(
    '/api/admin/content/delete',
    { config: admin, schema: { tags, body: AdminContentDeleteBodySchema, response: { 200: envelope(EmptySchema) } } },
    async (request) => {
      await contentAdmin.delete(request.body.id);
      return ok({}, request.t('ok.itemDeleted'));
    },
  );
};
