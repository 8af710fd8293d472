/** The settings area's TanStack Query keys (a save writes its answer into `all`). */
export const settingsKeys = {
  all: ['admin', 'settings'] as const,
};
