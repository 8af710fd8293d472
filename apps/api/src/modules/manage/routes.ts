import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EmptySchema,
  ManageDeviceListBodySchema,
  ManageDeviceListDataSchema,
  ManageSummarySchema,
  envelope,
} from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { ManageService } from './service';

/** Device management and revenue for base operators (others get not_operator). */
export const manageRoutes: FastifyPluginAsyncZod<{ manage: ManageService }> = async (app, { manage }) => {
  app.post(
    '/api/manage/devices',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['manage'],
        body: ManageDeviceListBodySchema,
        response: { 200: envelope(ManageDeviceListDataSchema) },
      },
    },
    async (request) => ok(await manage.devices(currentUser(request).id, request.body)),
  );

  app.post(
    '/api/manage/summary',
    {
      config: { auth: 'user' },
      schema: { tags: ['manage'], body: EmptySchema.optional(), response: { 200: envelope(ManageSummarySchema) } },
    },
    async (request) => ok(await manage.summary(currentUser(request).id)),
  );
};
