import {
  clientTimeZone,
  feedStatsEndpoints as feedStats,
  type FeedCalendarData,
  type LeaderboardData,
  type LeaderboardPeriod,
} from '@petheart/contracts';
import type { ApiClient } from '../../../shared/api';

/** The index page's feeding calls (packages/contracts/src/feed-stats.ts), in the browser's time zone. */
export function feedingApi(api: ApiClient) {
  return {
    /** The days of `month` (YYYY-MM) the user fed. Silent: the calendar shows its own failure. */
    calendar: (month: string): Promise<FeedCalendarData> =>
      api.call(feedStats.calendar, { month, ...clientTimeZone() }, { silent: true }),
    /** The top feeders of a period (and mine with a token). Silent, as the calendar. */
    leaderboard: (period: LeaderboardPeriod): Promise<LeaderboardData> =>
      api.call(feedStats.leaderboard, { period, ...clientTimeZone() }, { silent: true }),
  };
}
export type FeedingApi = ReturnType<typeof feedingApi>;
