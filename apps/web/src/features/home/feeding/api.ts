import {
  FeedCalendarDataSchema,
  LeaderboardDataSchema,
  clientTimeZone,
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
      api.request({
        path: '/feed/calendar',
        data: { month, ...clientTimeZone() },
        schema: FeedCalendarDataSchema,
        silent: true,
      }),
    /** The top feeders of a period (and mine with a token). Silent, as the calendar. */
    leaderboard: (period: LeaderboardPeriod): Promise<LeaderboardData> =>
      api.request({
        path: '/feed/leaderboard',
        data: { period, ...clientTimeZone() },
        schema: LeaderboardDataSchema,
        silent: true,
      }),
  };
}
export type FeedingApi = ReturnType<typeof feedingApi>;
