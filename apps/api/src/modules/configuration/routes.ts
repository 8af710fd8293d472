import type { FastifyPluginAsync } from 'fastify';
import { configurationEndpoints as e, envelope, type Locale } from '@petheart/contracts';
import { KeptAnswers } from '../../http/kept-answer';
import type { ConfigurationService } from './service';

export const configurationRoutes: FastifyPluginAsync<{ configuration: ConfigurationService }> = async (
  app,
  { configuration },
) => {
  const answers = new KeptAnswers<Locale>();
  const { getConfiguration } = e;
  // A JSON endpoint, but not registered through route(): its handler sends the envelope itself. Every app
  // start asks: the data is JSON kept per language (service.ts), checked when it was built, sent as it is (not
  // serialized again) and compressed once a second per language and encoding.
  app.route({
    method: getConfiguration.method,
    url: getConfiguration.path,
    config: { auth: getConfiguration.auth },
    schema: { tags: [getConfiguration.tag], response: { 200: envelope(getConfiguration.data) } },
    handler: async (request, reply) =>
      answers.send(request, reply, request.locale, await configuration.clientJson(request.locale)),
  });
};
