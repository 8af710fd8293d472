import { searchEndpoints as search, type SearchData, type SearchType } from '@petheart/contracts';
import type { ApiClient } from '../../shared/api';

/** searchEndpoints.search (packages/contracts/src/community.ts). Silent: the page shows failures with a retry. */
export function searchApi(api: ApiClient) {
  return {
    search: (keyword: string, type: SearchType, page: number, limit: number): Promise<SearchData> =>
      api.call(search.search, { keyword, type, page, limit }, { silent: true }),
  };
}
export type SearchApi = ReturnType<typeof searchApi>;

/** Every search query's key starts with this. */
export const SEARCH_KEY = ['search'] as const;
export const searchKey = (keyword: string, type: SearchType) => ['search', keyword, type] as const;
