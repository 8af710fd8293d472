/** The moderation area's TanStack Query keys: `posts` and `reports` are what a decision invalidates. */
export const moderationKeys = {
  posts: ['admin', 'posts'] as const,
  postList: (filters: unknown, page: number) => [...moderationKeys.posts, filters, page] as const,
  reports: ['admin', 'reports'] as const,
  reportList: (status: string, page: number) => [...moderationKeys.reports, status, page] as const,
};
