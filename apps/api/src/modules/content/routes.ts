import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ArticleDataSchema,
  ArticleListDataSchema,
  ContentArticleBodySchema,
  ContentArticlesBodySchema,
  ContentHomeDataSchema,
  ContentPageBodySchema,
  ContentQaBodySchema,
  PageDataSchema,
  QaListDataSchema,
  envelope,
} from '@petheart/contracts';
import { ok } from '../../http/envelope';
import type { ContentService } from './service';

const tags = ['content'];

/** /api/content/*: what readers see (tourists too), in the request's language; missing content is null. */
export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, { content }) => {
  app.post(
    '/api/content/home',
    { schema: { tags, response: { 200: envelope(ContentHomeDataSchema) } } },
    async (request) => ok(await content.home(request.locale)),
  );
  app.post(
    '/api/content/qa',
    { schema: { tags, body: ContentQaBodySchema, response: { 200: envelope(QaListDataSchema) } } },
    async (request) => ok(await content.qa(request.body, request.locale)),
  );
  app.post(
    '/api/content/articles',
    { schema: { tags, body: ContentArticlesBodySchema, response: { 200: envelope(ArticleListDataSchema) } } },
    async (request) => ok(await content.articles(request.body, request.locale)),
  );
  app.post(
    '/api/content/article',
    { schema: { tags, body: ContentArticleBodySchema, response: { 200: envelope(ArticleDataSchema) } } },
    async (request) => ok(await content.article(request.body.id, request.locale)),
  );
  app.post(
    '/api/content/page',
    { schema: { tags, body: ContentPageBodySchema, response: { 200: envelope(PageDataSchema) } } },
    async (request) => ok(await content.page(request.body.key, request.locale)),
  );
};
