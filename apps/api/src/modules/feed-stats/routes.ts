import type { FastifyPluginAsync } from 'fastify';
import { feedStatsEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import type { FeedStatsService } from './service';

/** What the feeds add up to (decision 012): the user's calendar, the leaderboard, the certificate. */
export const feedStatsRoutes: FastifyPluginAsync<{ feedStats: FeedStatsService }> = async (app, { feedStats }) => {
  route(app, e.calendar, (request) => feedStats.calendar(currentUser(request).id, request.body));
  route(app, e.leaderboard, (request) => feedStats.leaderboard(request.user?.id ?? null, request.body));
  route(app, e.certificate, (request) => feedStats.certificate(currentUser(request).id));
};
