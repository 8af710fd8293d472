import { post } from '../endpoint';
import {
  FeedCalendarBodySchema,
  FeedCalendarDataSchema,
  FeedCertificateSchema,
  LeaderboardBodySchema,
  LeaderboardDataSchema,
} from '../feed-stats';

const tag = 'feed';

/** /api/feed/calendar|leaderboard|certificate: what the feeds add up to (decision 012). */
export const feedStatsEndpoints = {
  calendar: post('/api/feed/calendar', {
    auth: 'user',
    tag,
    summary: 'The days of a month the user fed (in the user’s time zone), with the grams of each',
    input: FeedCalendarBodySchema,
    data: FeedCalendarDataSchema,
  }),
  leaderboard: post('/api/feed/leaderboard', {
    auth: 'optional',
    tag,
    summary: 'The top feeders by grams today, this week or of all time; with a token, the caller’s own grams',
    input: LeaderboardBodySchema,
    data: LeaderboardDataSchema,
  }),
  certificate: post('/api/feed/certificate', {
    auth: 'user',
    tag,
    summary: 'The user’s certificate: days since joining, animals helped, grams provided',
    data: FeedCertificateSchema,
  }),
};
