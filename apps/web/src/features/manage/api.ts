import {
  manageEndpoints as manage,
  stationCareEndpoints as care,
  type DeviceAlertListData,
  type DeviceHealth,
  type DeviceRefill,
  type ManageDeviceListData,
  type ManagedBase,
  type ManagedBaseListData,
} from '@petheart/contracts';
import type { ApiClient } from '../../shared/api';

/** How many open alerts the page's banner asks for. */
export const ALERTS_LIMIT = 20;

/** Device management calls (packages/contracts/src/operator.ts, station-health.ts). */
export function manageApi(api: ApiClient) {
  return {
    /** Earnings (available, held), revenue today and in total, device counts. The page shows its failures. */
    summary: () => api.call(manage.summary, undefined, { silent: true }),
    /** The operator's devices with revenue and feeding counts. The page shows their failures. */
    devices: (page: number, limit: number): Promise<ManageDeviceListData> =>
      api.call(manage.devices, { page, limit }, { silent: true }),
    /** The open alerts of the operator's stations, newest first; silent: the banner just stays hidden. */
    alerts: (): Promise<DeviceAlertListData> =>
      api.call(care.alerts, { page: 1, limit: ALERTS_LIMIT, open: true }, { silent: true }),
    /** One station's health; the sheet shows its failure. */
    health: (deviceId: string): Promise<DeviceHealth> =>
      api.call(care.health, { device_id: deviceId }, { silent: true }),
    /** Records a refill (the client toasts a refusal). */
    refill: (deviceId: string, grams: number, photo: string): Promise<DeviceRefill> =>
      api.call(care.refill, { device_id: deviceId, grams, photo }, { task: `refill:${deviceId}` }),
    /** The operator's bases with their exact and public locations; silent: the section just stays hidden. */
    bases: (): Promise<ManagedBaseListData> => api.call(manage.bases, undefined, { silent: true }),
    /** Publishes a base's exact location, or keeps it coarse (the client toasts a refusal). */
    setLocationPublic: (baseId: number, locationPublic: boolean): Promise<ManagedBase> =>
      api.call(
        manage.baseLocation,
        { base_id: baseId, location_public: locationPublic },
        { task: `base-location:${String(baseId)}` },
      ),
  };
}
export type ManageApi = ReturnType<typeof manageApi>;

export const SUMMARY_KEY = ['manage', 'summary'] as const;
export const DEVICES_KEY = ['manage', 'devices'] as const;
export const ALERTS_KEY = ['manage', 'alerts'] as const;
export const BASES_KEY = ['manage', 'bases'] as const;
export const healthKey = (deviceId: string) => ['manage', 'health', deviceId] as const;
export const CASH_OUT_PATH = '/pages/cashOut/cashOut';
export const CASH_OUT_LOG_PATH = '/pages/cashOut/log';
export const liveRoomPath = (deviceId: string) => `/pages/live/live?device_id=${encodeURIComponent(deviceId)}`;
