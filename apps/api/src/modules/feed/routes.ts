import type { FastifyPluginAsync } from 'fastify';
import { feedEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import type { FeedService } from './service';

/** The feed (decision 011): feed a portion, follow it, the feeding log and a feed's receipt. */
export const feedRoutes: FastifyPluginAsync<{ feeds: FeedService }> = async (app, { feeds }) => {
  route(app, e.liveFeed, (request) => feeds.feed(currentUser(request).id, request.body));
  route(app, e.status, (request) => feeds.status(currentUser(request).id, request.body.id, request.body.wait_ms));
  route(app, e.detail, (request) => feeds.detail(currentUser(request).id, request.body.id));
  route(app, e.log, (request) => feeds.log(currentUser(request).id, request.body));
};
