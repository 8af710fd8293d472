import type { FastifyPluginAsync } from 'fastify';
import { contentConsoleEndpoints as e } from '@petheart/contracts';
import { route } from '../../http/endpoint-route';
import type { ContentAdminService } from './admin-service';

/** /api/admin/content/*: list, create, update, delete Q&A, articles, pages and banners (admins only). */
export const contentConsoleRoutes: FastifyPluginAsync<{ contentAdmin: ContentAdminService }> = async (
  app,
  { contentAdmin },
) => {
  route(app, e.list, (request) => contentAdmin.list(request.body));
  route(app, e.create, (request) => contentAdmin.create(request.body));
  route(app, e.update, (request) => contentAdmin.update(request.body));
  route(app, e.delete, async (request) => {
    await contentAdmin.delete(request.body.id);
    return {};
  });
};
