import { liveEndpoints, supportEndpoints, type LiveRoom, type MyFanGroup, type MyGift } from '@petheart/contracts';
import type { ApiClient } from '../../shared/api';
import type { Page } from '../../shared/ui';

/** Me's lists (issue 29 §5): the rooms the user follows, their fan groups, their support history. */
export function mineListsApi(api: ApiClient) {
  return {
    follows: (page: number, limit: number): Promise<Page<LiveRoom>> =>
      api.call(liveEndpoints.list, { tab: 'follow', page, limit }),
    fans: (page: number, limit: number): Promise<Page<MyFanGroup>> => api.call(liveEndpoints.myFans, { page, limit }),
    gifts: (page: number, limit: number): Promise<Page<MyGift>> => api.call(supportEndpoints.myGifts, { page, limit }),
  };
}

export const FOLLOWS_KEY = ['live', 'list', 'follow', 'mine'] as const;
export const FANS_KEY = ['live', 'myFans'] as const;
export const GIFTS_KEY = ['support', 'myGifts'] as const;
