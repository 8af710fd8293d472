import { post, raw } from '../endpoint';
import {
  CertificateImageQuerySchema,
  CertificateLinkDataSchema,
  FeedCalendarBodySchema,
  FeedCalendarDataSchema,
  FeedCertificateSchema,
  LeaderboardBodySchema,
  LeaderboardDataSchema,
  PublicCertificateBodySchema,
  PublicCertificateSchema,
} from '../feed-stats';

const tag = 'feed';

/**
 * /api/feed/calendar|leaderboard|certificate: what the feeds add up to (decision 012); the certificate's public
 * link, page data and preview picture (issue 29 §4).
 */
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
  certificateLink: post('/api/feed/certificate/link', {
    auth: 'user',
    tag,
    summary:
      'The id of the user’s public certificate link (/pages/public/certificate?id=…): opaque, the same every time',
    data: CertificateLinkDataSchema,
  }),
  publicCertificate: post('/api/feed/certificate/public', {
    auth: 'none',
    tag,
    summary: 'A shared certificate: the nickname and its three figures (not_found for an unknown link)',
    input: PublicCertificateBodySchema,
    data: PublicCertificateSchema,
  }),
  /** image/png, 1200×630, for link previews (og:image). */
  certificateImage: raw('GET', '/api/feed/certificate/image', {
    auth: 'none',
    tag,
    summary: 'A shared certificate as a picture (PNG, 1200×630) in `lang`, for link previews',
    query: CertificateImageQuerySchema,
  }),
};
