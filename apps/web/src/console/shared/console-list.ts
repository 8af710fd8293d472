import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EndpointData, EndpointInput, JsonEndpoint } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { pageCount } from '../sections';

/** How many rows a page of a console list holds. */
export const CONSOLE_PAGE_SIZE = 10;

/** What the list needs of `useFilters` (filters.tsx) or `useSearchPaging` (DataTable.tsx): the page shown. */
interface Paging {
  page: number;
  setPage: (page: number) => void;
}

/** A paged list endpoint of the console: its data has the page's `list` and the `total`. */
type ListEndpoint = JsonEndpoint<z.ZodType, z.ZodType<{ total: number; list: readonly unknown[] }>>;

/**
 * One page of a console list: calls `endpoint` with `{ page, limit, ...data }` (the previous page stays shown while
 * the next loads; a blank or undefined filter in `data` is no filter, left out) and answers what its `ListScreen` or
 * `ListTable` shows (`panel`: the pager's props).
 */
export function useConsoleList<E extends ListEndpoint>({
  key,
  endpoint,
  paging,
  data,
  silent = false,
  refetchInterval,
}: {
  key: readonly unknown[];
  endpoint: E;
  paging: Paging;
  /** The filters, as the endpoint's input takes them (page and limit are added here). */
  data: Omit<EndpointInput<E>, 'page' | 'limit'>;
  /** No error toast: for a list refreshed in the background, which keeps its last rows when a refresh fails. */
  silent?: boolean;
  /** Asks again this often (ms) while the page is visible (react-query pauses it while the document is hidden). */
  refetchInterval?: number;
}) {
  const api = useApi();
  const query = useQuery({
    queryKey: key,
    queryFn: (): Promise<EndpointData<E>> =>
      api.call(endpoint, { page: paging.page, limit: CONSOLE_PAGE_SIZE, ...given(data) } as EndpointInput<E>, {
        silent,
      }),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
  const pages = pageCount(query.data?.total ?? 0, CONSOLE_PAGE_SIZE);
  return {
    data: query.data,
    pages,
    query,
    panel: { page: paging.page, pages, onPage: paging.setPage },
  };
}

/** The filters given: those blank ('') or undefined are left out. */
function given(data: object): object {
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== ''));
}

/** A list input built and checked by its contract schema: the body, or the message key of its first problem. */
type Checked<B> = { readonly ok: true; readonly body: B } | { readonly ok: false; readonly message: string };
/** Builds a list input from the filters, a page and a page size (e.g. money-forms' `paymentListBody`). */
type BodyOf<F, B> = (filters: F, page: number, limit: number) => Checked<B>;

/** The check of `useFilters` for filters whose list input `body` builds: the message key of its first problem. */
export function checkedBy<F, B>(body: BodyOf<F, B>) {
  return (filters: F): string | undefined => {
    const request = body(filters, 1, CONSOLE_PAGE_SIZE);
    return request.ok ? undefined : request.message;
  };
}

/**
 * `useConsoleList` for filters whose list input `body` builds and checks (see `checkedBy`): the page of the
 * applied filters, its query key made from the built request.
 */
export function useCheckedList<E extends ListEndpoint, F>({
  key,
  endpoint,
  filters,
  body,
}: {
  key: (request: Checked<EndpointInput<E>>) => readonly unknown[];
  endpoint: E;
  filters: Paging & { applied: F };
  body: BodyOf<F, EndpointInput<E>>;
}) {
  const request = body(filters.applied, filters.page, CONSOLE_PAGE_SIZE);
  // The applied filters build (useFilters applies only what passes its check); else the page, unfiltered.
  const data = (request.ok ? request.body : {}) as Omit<EndpointInput<E>, 'page' | 'limit'>;
  return useConsoleList({ key: key(request), endpoint, paging: filters, data });
}
