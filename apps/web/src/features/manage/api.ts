import { manageEndpoints as manage, type ManageDeviceListData } from '@petheart/contracts';
import type { ApiClient } from '../../shared/api';

/** Device management calls (packages/contracts/src/operator.ts); the page shows their failures itself. */
export function manageApi(api: ApiClient) {
  return {
    /** Earnings (available, held), revenue today and in total, device counts. */
    summary: () => api.call(manage.summary, undefined, { silent: true }),
    /** The operator's devices with revenue and feeding counts. */
    devices: (page: number, limit: number): Promise<ManageDeviceListData> =>
      api.call(manage.devices, { page, limit }, { silent: true }),
  };
}

export const SUMMARY_KEY = ['manage', 'summary'] as const;
export const DEVICES_KEY = ['manage', 'devices'] as const;
export const CASH_OUT_PATH = '/pages/cashOut/cashOut';
export const CASH_OUT_LOG_PATH = '/pages/cashOut/log';
export const liveRoomPath = (deviceId: string) => `/pages/live/live?device_id=${encodeURIComponent(deviceId)}`;
