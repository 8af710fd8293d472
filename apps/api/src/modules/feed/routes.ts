import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FeedBodySchema,
  FeedIdBodySchema,
  FeedLogBodySchema,
  FeedLogDataSchema,
  FeedReceiptSchema,
  FeedSchema,
  FeedStatusBodySchema,
  envelope,
} from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { FeedService } from './service';

const tags = ['feed'];
const user = { auth: 'user' as const };

/** The feed (decision 011): feed a portion, follow it, the feeding log and a feed's receipt. */
export const feedRoutes: FastifyPluginAsyncZod<{ feeds: FeedService }> = async (app, { feeds }) => {
  app.post(
    '/api/live/feed',
    {
      config: user,
      schema: {
        tags,
        summary: 'Feeds a portion the device offers: holds its coins and queues the dispense (one feed per key)',
        body: FeedBodySchema,
        response: { 200: envelope(FeedSchema) },
      },
    },
    async (request) => ok(await feeds.feed(currentUser(request).id, request.body), request.t('ok.feedQueued')),
  );
  app.post(
    '/api/feed/status',
    {
      config: user,
      schema: {
        tags,
        summary: 'One of the user’s feeds now; with wait_ms, answers once it has ended or after that long',
        body: FeedStatusBodySchema,
        response: { 200: envelope(FeedSchema) },
      },
    },
    async (request) => ok(await feeds.status(currentUser(request).id, request.body.id, request.body.wait_ms)),
  );
  app.post(
    '/api/feed/detail',
    {
      config: user,
      schema: {
        tags,
        summary: 'The receipt of one of the user’s feeds',
        body: FeedIdBodySchema,
        response: { 200: envelope(FeedReceiptSchema) },
      },
    },
    async (request) => ok(await feeds.detail(currentUser(request).id, request.body.id)),
  );
  app.post(
    '/api/feed/log',
    {
      config: user,
      schema: {
        tags,
        summary: 'The user’s feeding log, newest first',
        body: FeedLogBodySchema,
        response: { 200: envelope(FeedLogDataSchema) },
      },
    },
    async (request) => ok(await feeds.log(currentUser(request).id, request.body)),
  );
};
