import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminFreeFoodBodySchema, AdminFreeFoodListDataSchema, envelope } from '@petheart/contracts';
import { ok } from '../../http/envelope';
import type { FeedService } from './service';

const admin = { auth: 'admin' as const };

/** The console's food given free (decision 026). */
export const feedConsoleRoutes: FastifyPluginAsyncZod<{ feeds: FeedService }> = async (app, { feeds }) => {
  app.post(
    '/api/admin/feed/free',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Food given free: feeds refunded although the device later answered that their food fell',
        body: AdminFreeFoodBodySchema,
        response: { 200: envelope(AdminFreeFoodListDataSchema) },
      },
    },
    async (request) => ok(await feeds.givenFree(request.body)),
  );
};
