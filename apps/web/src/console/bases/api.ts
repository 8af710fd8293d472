import { useMemo } from 'react';
import {
  baseConsoleEndpoints as base,
  deviceConsoleEndpoints as device,
  uploadEndpoints,
  type EndpointInput,
} from '@petheart/contracts';
import { useApi, type ApiClient } from '../../shared/api';

/** The bases area's paged lists, for useConsoleList (console/shared), which calls them page by page. */
export const basesLists = { bases: base.list, devices: device.list };

/** The bases area's calls (bases and devices): each one endpoint of packages/contracts. */
export function basesApi(api: ApiClient) {
  return {
    /** The bases offered by the devices' filter and form. */
    list: (body: EndpointInput<typeof base.list>) => api.call(base.list, body),
    create: (body: EndpointInput<typeof base.create>) => api.call(base.create, body, { task: 'baseSave' }),
    update: (body: EndpointInput<typeof base.update>) => api.call(base.update, body, { task: 'baseSave' }),
    /** One photo of a base. */
    upload: (file: Blob) => api.upload(uploadEndpoints.upload, file),
    provision: (body: EndpointInput<typeof device.provision>) =>
      api.call(device.provision, body, { task: 'deviceSave' }),
    updateDevice: (body: EndpointInput<typeof device.update>) => api.call(device.update, body, { task: 'deviceSave' }),
    /** Answers the new credentials (shown once). */
    rotate: (deviceId: string) => api.call(device.rotate, { device_id: deviceId }, { task: 'deviceAction' }),
    disable: (deviceId: string) => api.call(device.disable, { device_id: deviceId }, { task: 'deviceAction' }),
    enable: (deviceId: string) => api.call(device.enable, { device_id: deviceId }, { task: 'deviceAction' }),
  };
}
export type BasesApi = ReturnType<typeof basesApi>;

/** The area's calls through the app's API client. */
export function useBasesApi(): BasesApi {
  const client = useApi();
  return useMemo(() => basesApi(client), [client]);
}
