import type { FastifyPluginAsync } from 'fastify';
import { contentEndpoints as e } from '@petheart/contracts';
import { route } from '../../http/endpoint-route';
import type { ContentService } from './service';

/** /api/content/*: what readers see (tourists too), in the request's language; missing content is null. */
export const contentRoutes: FastifyPluginAsync<{ content: ContentService }> = async (app, { content }) => {
  route(app, e.home, (request) => content.home(request.locale));
  route(app, e.qa, (request) => content.qa(request.body, request.locale));
  route(app, e.articles, (request) => content.articles(request.body, request.locale));
  route(app, e.article, (request) => content.article(request.body.id, request.locale));
  route(app, e.page, (request) => content.page(request.body.key, request.locale));
};
