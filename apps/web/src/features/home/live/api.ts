import { liveEndpoints, type LiveListBody, type LiveListData } from '@petheart/contracts';
import type { ApiClient } from '../../../shared/api';

/** liveEndpoints.list. Silent: every list shows its own failure with a retry instead of a toast. */
export function fetchLiveRooms(api: ApiClient, body: LiveListBody): Promise<LiveListData> {
  return api.call(liveEndpoints.list, body, { silent: true });
}
