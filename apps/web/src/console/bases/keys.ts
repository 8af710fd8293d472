/** The bases area's TanStack Query keys (invalidating `all` or `devices` refreshes every list below it). */
export const basesKeys = {
  all: ['admin', 'bases'] as const,
  list: (keyword: string, page: number) => [...basesKeys.all, keyword, page] as const,
  /** The bases offered by the device filter and form (also the pets' filter: the same entry). */
  options: () => [...basesKeys.all, 'options'] as const,
  devices: ['admin', 'devices'] as const,
  deviceList: (baseId: number | null, keyword: string, page: number) =>
    [...basesKeys.devices, baseId, keyword, page] as const,
};
