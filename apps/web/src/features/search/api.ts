import { SearchDataSchema, type SearchData, type SearchType } from '@petheart/contracts';
import type { ApiClient } from '../../shared/api';

/** POST /api/search/search (packages/contracts/src/community.ts). Silent: the page shows failures with a retry. */
export function searchApi(api: ApiClient) {
  return {
    search: (keyword: string, type: SearchType, page: number, limit: number): Promise<SearchData> =>
      api.request({
        path: '/search/search',
        data: { keyword, type, page, limit },
        schema: SearchDataSchema,
        silent: true,
      }),
  };
}
export type SearchApi = ReturnType<typeof searchApi>;

/** Every search query's key starts with this. */
export const SEARCH_KEY = ['search'] as const;
export const searchKey = (keyword: string, type: SearchType) => ['search', keyword, type] as const;
