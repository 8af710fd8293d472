import type { ContentKind } from '@petheart/contracts';

/** The content area's TanStack Query keys (invalidating `all` or `pets` refreshes every list below it). */
export const contentKeys = {
  all: ['admin', 'content'] as const,
  list: (kind: ContentKind, keyword: string, page: number) => [...contentKeys.all, kind, keyword, page] as const,
  pets: ['admin', 'pets'] as const,
  petList: (baseId: string, keyword: string, page: number) => [...contentKeys.pets, baseId, keyword, page] as const,
  /** The bases offered by the pets' filter and form: the same entry as the devices' (the bases area). */
  baseOptions: () => ['admin', 'bases', 'options'] as const,
};
