import { routes, type ApiModule } from '../../api-module';
import { feedStatsRoutes } from './routes';
import type { FeedStatsService } from './service';

/** Feeding statistics (decision 012): calendar, totals, boards. */
export function feedStatsModule(s: { feedStats: FeedStatsService }): ApiModule {
  return {
    name: 'feed-stats',
    routes: [routes(feedStatsRoutes, { feedStats: s.feedStats })],
  };
}
