import { useMemo } from 'react';
import {
  deviceConsoleEndpoints as device,
  stationCareConsoleEndpoints as care,
  type AdminDevice,
  type DeviceCareCommand,
} from '@petheart/contracts';
import { useApi, type ApiClient } from '../../shared/api';

/** The care log and the alerts, for useConsoleList (console/shared), which calls them page by page. */
export const careLists = { log: device.careLog, alerts: care.alerts };

/** The devices list's largest page: the device is looked for among those its id matches as a keyword. */
const MATCHES_LIMIT = 100;

/**
 * The device care page's calls: each one endpoint of packages/contracts (deviceConsoleEndpoints and
 * stationCareConsoleEndpoints).
 */
export function deviceCareApi(api: ApiClient) {
  return {
    /**
     * The device with this id, or null when there is none. The API has no single-device read: the keyword also
     * matches other ids, names and bases, so the exact id is picked out. Silent: it is refreshed in the background.
     */
    device: async (deviceId: string): Promise<AdminDevice | null> => {
      const page = await api.call(device.list, { page: 1, limit: MATCHES_LIMIT, keyword: deviceId }, { silent: true });
      return page.list.find((d) => d.device_id === deviceId) ?? null;
    },
    /** Answers once the station answers or the command expires (up to ~45 s). */
    care: (deviceId: string, command: DeviceCareCommand) =>
      api.call(device.care, { device_id: deviceId, command }, { task: 'deviceCare' }),
    /** The station's health, open alerts and last refills. Silent: it is refreshed in the background. */
    health: (deviceId: string) => api.call(care.health, { device_id: deviceId }, { silent: true }),
    /** Records a refill and tells the station; the refill's status follows the station's answer later. */
    refill: (deviceId: string, grams: number) =>
      api.call(care.refill, { device_id: deviceId, grams }, { task: 'deviceRefill' }),
  };
}
export type DeviceCareApi = ReturnType<typeof deviceCareApi>;

/** The page's calls through the app's API client. */
export function useDeviceCareApi(): DeviceCareApi {
  const client = useApi();
  return useMemo(() => deviceCareApi(client), [client]);
}
