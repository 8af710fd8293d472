import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SearchBodySchema, SearchDataSchema, envelope } from '@petheart/contracts';
import { ok } from '../../http/envelope';
import { viewerOf } from '../post/viewer';
import type { SearchService } from './service';

/** POST /api/search/search: live rooms, bases and published posts by keyword (tourists too). */
export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.post(
    '/api/search/search',
    {
      config: { auth: 'optional' },
      schema: { tags: ['search'], body: SearchBodySchema, response: { 200: envelope(SearchDataSchema) } },
    },
    async (request) => ok(await search.search(request.body, viewerOf(request))),
  );
};
