import { routes, type ApiModule } from '../../api-module';
import { feedConsoleRoutes } from './console-routes';
import { feedRoutes } from './routes';
import type { FeedService } from './service';
import type { FeedSettlement } from './settlement';

/** Feeds (decision 011): feed, follow, the log and receipts; the console's food given free; settlement. */
export function feedModule(s: { feeds: FeedService; feedSettlement: FeedSettlement }): ApiModule {
  return {
    name: 'feed',
    routes: [routes(feedRoutes, { feeds: s.feeds }), routes(feedConsoleRoutes, { feeds: s.feeds })],
    lifecycle: [
      // The gateway's answers are settled as they come; the last settlements (those of the commands the
      // gateway's stop expires among them) are waited for after it stops.
      { name: 'feed settlement', stop: () => s.feedSettlement.drain() },
      // Once the gateway runs (it expired what a stopped process left open), the sweeper settles those feeds
      // and keeps ending lost ones; it stops before the gateway does.
      { name: 'feed sweeper', start: () => s.feedSettlement.start(), stop: () => s.feedSettlement.stopSweeping() },
    ],
  };
}
