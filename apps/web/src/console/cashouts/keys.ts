/** The cash-outs area's TanStack Query keys: `lists` (every page of the list) is what an action invalidates. */
export const cashoutsKeys = {
  lists: ['admin', 'cashouts'] as const,
  list: (filters: unknown, page: number) => [...cashoutsKeys.lists, filters, page] as const,
  detail: (id: number) => ['admin', 'cashout', id] as const,
  settings: ['admin', 'cashout', 'settings'] as const,
};
