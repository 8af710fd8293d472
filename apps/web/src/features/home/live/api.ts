import { LiveListDataSchema, type LiveListBody, type LiveListData } from '@petheart/contracts';
import type { ApiClient } from '../../../shared/api';

/** POST /api/live/list. Silent: every list shows its own failure with a retry instead of a toast. */
export function fetchLiveRooms(api: ApiClient, body: LiveListBody): Promise<LiveListData> {
  return api.request({ path: '/live/list', data: body, schema: LiveListDataSchema, silent: true });
}
