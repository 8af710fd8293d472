import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppConfigSchema, envelope } from '@petheart/contracts';
import { ok } from '../../http/envelope';
import type { ConfigurationService } from './service';

export const configurationRoutes: FastifyPluginAsyncZod<{ configuration: ConfigurationService }> = async (
  app,
  { configuration },
) => {
  app.post(
    '/api/configuration/getConfiguration',
    { schema: { tags: ['configuration'], response: { 200: envelope(AppConfigSchema) } } },
    async (request) => ok(await configuration.forClient(request.locale)),
  );
};
