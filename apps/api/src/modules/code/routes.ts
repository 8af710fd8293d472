import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmptySchema, EmsSendBodySchema, SmsSendBodySchema, envelope } from '@petheart/contracts';
import { ok } from '../../http/envelope';
import type { CodeService } from './service';

/** POST /api/ems/send and /api/sms/send: auth codes by mail and by SMS. */
export const codeRoutes: FastifyPluginAsyncZod<{ codes: CodeService }> = async (app, { codes }) => {
  app.post(
    '/api/ems/send',
    { schema: { tags: ['account'], body: EmsSendBodySchema, response: { 200: envelope(EmptySchema) } } },
    async (request) => {
      const { email, event } = request.body;
      await codes.send({ channel: 'email', address: email, event, ip: request.ip, locale: request.locale });
      return ok({}, request.t('ok.codeSent'));
    },
  );
  app.post(
    '/api/sms/send',
    { schema: { tags: ['account'], body: SmsSendBodySchema, response: { 200: envelope(EmptySchema) } } },
    async (request) => {
      const { mobile, event } = request.body;
      await codes.send({ channel: 'mobile', address: mobile, event, ip: request.ip, locale: request.locale });
      return ok({}, request.t('ok.codeSent'));
    },
  );
};
