/** The device care page's TanStack Query keys: invalidating `device(id)` refreshes its facts and its care log. */
export const careKeys = {
  all: ['admin', 'device-care'] as const,
  device: (deviceId: string) => [...careKeys.all, deviceId] as const,
  station: (deviceId: string) => [...careKeys.device(deviceId), 'station'] as const,
  log: (deviceId: string, page: number) => [...careKeys.device(deviceId), 'log', page] as const,
};
