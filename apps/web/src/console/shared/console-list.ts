import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useApi } from '../../shared/api';
import { pageCount } from '../sections';

/** How many rows a page of a console list holds. */
export const CONSOLE_PAGE_SIZE = 10;

/** What the list needs of `useFilters` (money-ui). */
interface ListFilters {
  page: number;
  setPage: (page: number) => void;
  apply: () => void;
  clear: () => void;
  error: string | undefined;
}

/**
 * One page of a filtered console list: POSTs `{ page, limit, ...data }` to `path` (the previous page stays
 * shown while the next loads) and answers the props of its `ListPanel` (`panel`, with the page count) and
 * `FilterBar` (`bar`: search, clear and the filters' message).
 */
export function useConsoleList<S extends z.ZodType<{ total: number }>>({
  key,
  path,
  schema,
  filters,
  data,
}: {
  key: readonly unknown[];
  path: string;
  schema: S;
  filters: ListFilters;
  data: Record<string, unknown>;
}) {
  const api = useApi();
  const query = useQuery({
    queryKey: key,
    queryFn: () => api.request({ path, data: { page: filters.page, limit: CONSOLE_PAGE_SIZE, ...data }, schema }),
    placeholderData: keepPreviousData,
  });
  const pages = pageCount(query.data?.total ?? 0, CONSOLE_PAGE_SIZE);
  return {
    data: query.data,
    pages,
    query,
    panel: { page: filters.page, pages, onPage: filters.setPage },
    bar: {
      onSearch: () => {
        filters.apply();
      },
      onClear: filters.clear,
      error: filters.error,
    },
  };
}
