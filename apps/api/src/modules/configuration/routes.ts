import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppConfigSchema, envelope } from '@petheart/contracts';
import { sendOkJson } from '../../http/envelope';
import type { ConfigurationService } from './service';

export const configurationRoutes: FastifyPluginAsyncZod<{ configuration: ConfigurationService }> = async (
  app,
  { configuration },
) => {
  app.post(
    '/api/configuration/getConfiguration',
    { schema: { tags: ['configuration'], response: { 200: envelope(AppConfigSchema) } } },
    // Every app start asks: the data is JSON kept per language (service.ts), checked when it was built, so
    // the reply is sent as it is instead of being serialized again.
    async (request, reply) => sendOkJson(reply, await configuration.clientJson(request.locale)),
  );
};
