import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReportCreateBodySchema, ReportSchema, envelope } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { ReportService } from './service';

/** POST /api/report/create: a problem report about a live room's device (users). */
export const reportRoutes: FastifyPluginAsyncZod<{ reports: ReportService }> = async (app, { reports }) => {
  app.post(
    '/api/report/create',
    {
      config: { auth: 'user' },
      schema: { tags: ['live'], body: ReportCreateBodySchema, response: { 200: envelope(ReportSchema) } },
    },
    async (request) => ok(await reports.create(currentUser(request).id, request.body), request.t('ok.reportSent')),
  );
};
