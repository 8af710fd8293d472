/** The support area's TanStack Query keys (invalidating `all` refreshes the applications and the events). */
export const supportKeys = {
  all: ['admin', 'support'] as const,
  applications: (filters: object, page: number) => [...supportKeys.all, 'applications', filters, page] as const,
  events: (filters: object, applicationId: number | undefined, page: number) =>
    [...supportKeys.all, 'events', filters, applicationId, page] as const,
  event: (id: number) => [...supportKeys.all, 'event', id] as const,
};
