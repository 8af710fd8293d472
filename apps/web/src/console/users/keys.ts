/** The users area's TanStack Query keys: `all` is what a status change invalidates. */
export const usersKeys = {
  all: ['admin', 'users'] as const,
  list: (keyword: string, page: number) => [...usersKeys.all, keyword, page] as const,
};
