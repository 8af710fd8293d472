import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BaseDetailBodySchema, BaseDetailSchema, envelope } from '@petheart/contracts';
import { ok } from '../../http/envelope';
import type { BaseDetailService } from './detail-service';

/** POST /api/base/detail: a base with its figures and live rooms (anyone). */
export const baseDetailRoutes: FastifyPluginAsyncZod<{ baseDetail: BaseDetailService }> = async (
  app,
  { baseDetail },
) => {
  app.post(
    '/api/base/detail',
    { schema: { tags: ['live'], body: BaseDetailBodySchema, response: { 200: envelope(BaseDetailSchema) } } },
    async (request) => ok(await baseDetail.detail(request.body.id)),
  );
};
