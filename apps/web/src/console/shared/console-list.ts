import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EndpointData, EndpointInput, JsonEndpoint } from '@petheart/contracts';
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

/** A paged list endpoint of the console: its data has a `total`. */
type ListEndpoint = JsonEndpoint<z.ZodType, z.ZodType<{ total: number }>>;

/**
 * One page of a filtered console list: calls `endpoint` with `{ page, limit, ...data }` (the previous page stays
 * shown while the next loads) and answers the props of its `ListPanel` (`panel`, with the page count) and
 * `FilterBar` (`bar`: search, clear and the filters' message).
 */
export function useConsoleList<E extends ListEndpoint>({
  key,
  endpoint,
  filters,
  data,
}: {
  key: readonly unknown[];
  endpoint: E;
  filters: ListFilters;
  /** The filters, as the endpoint's input takes them (page and limit are added here). */
  data: Omit<EndpointInput<E>, 'page' | 'limit'>;
}) {
  const api = useApi();
  const query = useQuery({
    queryKey: key,
    queryFn: (): Promise<EndpointData<E>> =>
      api.call(endpoint, { page: filters.page, limit: CONSOLE_PAGE_SIZE, ...data } as EndpointInput<E>),
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
