import { useCallback, useEffect, useRef } from 'react';
import { useInfiniteQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** Spec §9: default page size 10; reach-bottom distance 50 px. */
export const PAGE_LIMIT = 10;
export const REACH_BOTTOM_PX = 50;

export interface Page<T> {
  list: T[];
  total: number;
}

export interface PagedListOptions<T> {
  queryKey: QueryKey;
  fetchPage: (page: number, limit: number) => Promise<Page<T>>;
  limit?: number;
  enabled?: boolean;
}

export interface PagedListState<T> {
  rows: T[];
  total: number;
  loadMore: () => void;
  hasMore: boolean;
  /** Back to page 1 (pull-to-refresh); resolves when page 1 has loaded. */
  refresh: () => Promise<void>;
  loading: boolean;
  loadingMore: boolean;
  error: Error | null;
}

/** Spec §4: load more only when the loaded rows are at least page × limit (and fewer than the total). */
export function nextPage(loadedRows: number, page: number, limit: number, total: number): number | undefined {
  return loadedRows >= page * limit && loadedRows < total ? page + 1 : undefined;
}

/** A paged list (page, limit) over react-query's infinite query. */
export function usePagedList<T>({
  queryKey,
  fetchPage,
  limit = PAGE_LIMIT,
  enabled = true,
}: PagedListOptions<T>): PagedListState<T> {
  const client = useQueryClient();
  const fetchRef = useRef(fetchPage);
  useEffect(() => {
    fetchRef.current = fetchPage;
  });
  const query = useInfiniteQuery({
    queryKey,
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => fetchRef.current(pageParam, limit),
    getNextPageParam: (last, all, lastPage) =>
      nextPage(
        all.reduce((n, p) => n + p.list.length, 0),
        lastPage,
        limit,
        last.total,
      ),
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const keyRef = useRef(queryKey);
  useEffect(() => {
    keyRef.current = queryKey;
  });
  const refresh = useCallback(() => client.resetQueries({ queryKey: keyRef.current, exact: true }), [client]);
  const pages = query.data?.pages;
  return {
    rows: pages?.flatMap((p) => p.list) ?? [],
    total: pages?.[pages.length - 1]?.total ?? 0,
    loadMore,
    hasMore: hasNextPage,
    refresh,
    loading: query.isFetching,
    loadingMore: isFetchingNextPage,
    error: query.error,
  };
}

/** Calls `onReach` when the page is scrolled to within `distance` px of its bottom. */
export function useReachBottom(onReach: () => void, distance = REACH_BOTTOM_PX): void {
  const ref = useRef(onReach);
  useEffect(() => {
    ref.current = onReach;
  });
  useEffect(() => {
    const check = () => {
      const el = document.documentElement;
      if (window.innerHeight + window.scrollY >= el.scrollHeight - distance) ref.current();
    };
    window.addEventListener('scroll', check, { passive: true });
    return () => {
      window.removeEventListener('scroll', check);
    };
  }, [distance]);
}
