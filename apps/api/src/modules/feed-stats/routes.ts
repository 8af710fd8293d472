import type { FastifyPluginAsync } from 'fastify';
import { feedStatsEndpoints as e, type CertificateImageQuery } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route, rawRoute } from '../../http/endpoint-route';
import type { CertificateShareService } from './certificate-share';
import type { FeedStatsService } from './service';

/** Crawlers may keep a certificate's picture for an hour (its figures change as the user feeds). */
const IMAGE_CACHE = 'public, max-age=3600';

/**
 * What the feeds add up to (decision 012): the user's calendar, the leaderboard, the certificate; the certificate's
 * public link, what it shows and its picture (issue 29 §4).
 */
export const feedStatsRoutes: FastifyPluginAsync<{
  feedStats: FeedStatsService;
  certificateShare: CertificateShareService;
}> = async (app, { feedStats, certificateShare }) => {
  route(app, e.calendar, (request) => feedStats.calendar(currentUser(request).id, request.body));
  route(app, e.leaderboard, (request) => feedStats.leaderboard(request.user?.id ?? null, request.body));
  route(app, e.certificate, (request) => feedStats.certificate(currentUser(request).id));
  route(app, e.certificateLink, (request) => certificateShare.link(currentUser(request).id));
  route(app, e.publicCertificate, (request) => certificateShare.publicCertificate(request.body.id));
  rawRoute(app, e.certificateImage, async (request, reply) => {
    const q = request.query as unknown as CertificateImageQuery;
    const png = await certificateShare.image(q.id, q.lang ?? request.locale);
    return reply.header('content-type', 'image/png').header('cache-control', IMAGE_CACHE).send(png);
  });
};
