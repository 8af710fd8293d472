import { routes, type ApiModule } from '../../api-module';
import type { CertificateShareService } from './certificate-share';
import { feedStatsRoutes } from './routes';
import type { FeedStatsService } from './service';

/** Feeding statistics (decision 012): calendar, totals, boards; the certificate's public link (issue 29 §4). */
export function feedStatsModule(s: {
  feedStats: FeedStatsService;
  certificateShare: CertificateShareService;
}): ApiModule {
  return {
    name: 'feed-stats',
    routes: [routes(feedStatsRoutes, { feedStats: s.feedStats, certificateShare: s.certificateShare })],
  };
}
