import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppConfigSchema, envelope, type Locale } from '@petheart/contracts';
import { KeptAnswers } from '../../http/kept-answer';
import type { ConfigurationService } from './service';

export const configurationRoutes: FastifyPluginAsyncZod<{ configuration: ConfigurationService }> = async (
  app,
  { configuration },
) => {
  const answers = new KeptAnswers<Locale>();
  app.post(
    '/api/configuration/getConfiguration',
    { schema: { tags: ['configuration'], response: { 200: envelope(AppConfigSchema) } } },
    // Every app start asks: the data is JSON kept per language (service.ts), checked when it was built, sent
    // as it is (not serialized again) and compressed once a second per language and encoding.
    async (request, reply) =>
      answers.send(request, reply, request.locale, await configuration.clientJson(request.locale)),
  );
};
