import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Post, PostListData } from '@petheart/contracts';

/** Every community query key starts with this: a publish, edit or delete refreshes them all. */
export const POST_KEY = ['post'] as const;
export const LIST_KEY = ['post', 'list'] as const;
export const MINE_KEY = ['post', 'mine'] as const;
export const detailKey = (id: number) => ['post', 'detail', id] as const;
export const commentsKey = (id: number) => ['post', 'comments', id] as const;
export const DEVICES_KEY = ['post', 'devices'] as const;

type Pages = InfiniteData<PostListData>;

function mapPages(data: Pages | undefined, fn: (list: Post[]) => Post[], totalDelta = 0): Pages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, list: fn(p.list), total: Math.max(0, p.total + totalDelta) })),
  };
}

/** Changes one post wherever it is cached (the lists and its detail), e.g. after a like. */
export function patchPost(client: QueryClient, id: number, patch: (post: Post) => Post): void {
  for (const key of [LIST_KEY, MINE_KEY]) {
    client.setQueriesData<Pages>({ queryKey: key }, (data) =>
      mapPages(data, (list) => list.map((p) => (p.id === id ? patch(p) : p))),
    );
  }
  client.setQueryData<Post>(detailKey(id), (post) => (post ? patch(post) : post));
}

/** Drops a deleted post from every cached list and forgets its detail and comments. */
export function dropPost(client: QueryClient, id: number): void {
  for (const key of [LIST_KEY, MINE_KEY]) {
    client.setQueriesData<Pages>({ queryKey: key }, (data) => {
      const had = data?.pages.some((p) => p.list.some((x) => x.id === id)) ?? false;
      return had ? mapPages(data, (list) => list.filter((p) => p.id !== id), -1) : data;
    });
  }
  client.removeQueries({ queryKey: detailKey(id) });
  client.removeQueries({ queryKey: commentsKey(id) });
}
