import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FeedCalendarBodySchema,
  FeedCalendarDataSchema,
  FeedCertificateSchema,
  LeaderboardBodySchema,
  LeaderboardDataSchema,
  envelope,
} from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { FeedStatsService } from './service';

const tags = ['feed'];

/** What the feeds add up to (decision 012): the user's calendar, the leaderboard, the certificate. */
export const feedStatsRoutes: FastifyPluginAsyncZod<{ feedStats: FeedStatsService }> = async (app, { feedStats }) => {
  app.post(
    '/api/feed/calendar',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The days of a month the user fed (in the user’s time zone), with the grams of each',
        body: FeedCalendarBodySchema,
        response: { 200: envelope(FeedCalendarDataSchema) },
      },
    },
    async (request) => ok(await feedStats.calendar(currentUser(request).id, request.body)),
  );
  app.post(
    '/api/feed/leaderboard',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'The top feeders by grams today, this week or of all time; with a token, the caller’s own grams',
        body: LeaderboardBodySchema,
        response: { 200: envelope(LeaderboardDataSchema) },
      },
    },
    async (request) => ok(await feedStats.leaderboard(request.user?.id ?? null, request.body)),
  );
  app.post(
    '/api/feed/certificate',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The user’s certificate: days since joining, animals helped, grams provided',
        response: { 200: envelope(FeedCertificateSchema) },
      },
    },
    async (request) => ok(await feedStats.certificate(currentUser(request).id)),
  );
};
