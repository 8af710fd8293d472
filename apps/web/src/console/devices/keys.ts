/** The device care page's TanStack Query keys: invalidating `device(id)` refreshes its facts, health and care log. */
export const careKeys = {
  all: ['admin', 'device-care'] as const,
  device: (deviceId: string) => [...careKeys.all, deviceId] as const,
  station: (deviceId: string) => [...careKeys.device(deviceId), 'station'] as const,
  log: (deviceId: string, page: number) => [...careKeys.device(deviceId), 'log', page] as const,
  health: (deviceId: string) => [...careKeys.device(deviceId), 'health'] as const,
  /** The Alerts section's pages (all stations): apart from any one device's keys. */
  alerts: (showResolved: boolean, page: number) => ['admin', 'device-alerts', showResolved, page] as const,
};
