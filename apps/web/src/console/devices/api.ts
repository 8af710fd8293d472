import { useMemo } from 'react';
import { deviceConsoleEndpoints as device, type AdminDevice, type DeviceCareCommand } from '@petheart/contracts';
import { useApi, type ApiClient } from '../../shared/api';

/** The care log, for useConsoleList (console/shared), which calls it page by page. */
export const careLists = { log: device.careLog };

/** The devices list's largest page: the device is looked for among those its id matches as a keyword. */
const MATCHES_LIMIT = 100;

/** The device care page's calls: each one endpoint of packages/contracts (deviceConsoleEndpoints). */
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
  };
}
export type DeviceCareApi = ReturnType<typeof deviceCareApi>;

/** The page's calls through the app's API client. */
export function useDeviceCareApi(): DeviceCareApi {
  const client = useApi();
  return useMemo(() => deviceCareApi(client), [client]);
}
