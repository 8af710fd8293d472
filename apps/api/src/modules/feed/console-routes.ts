import type { FastifyPluginAsync } from 'fastify';
import { feedConsoleEndpoints as e } from '@petheart/contracts';
import { route } from '../../http/endpoint-route';
import type { FeedService } from './service';

/** The console's food given free (decision 026). */
export const feedConsoleRoutes: FastifyPluginAsync<{ feeds: FeedService }> = async (app, { feeds }) => {
  route(app, e.free, (request) => feeds.givenFree(request.body));
};
