import type { FastifyPluginAsync } from 'fastify';
import { configurationEndpoints as e, type Locale } from '@petheart/contracts';
import { routeOptions } from '../../http/endpoint-route';
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
    ...routeOptions(getConfiguration),
    handler: async (request, reply) =>
      answers.send(request, reply, request.locale, await configuration.clientJson(request.locale)),
  });
};
