import { FeedLogDataSchema, FeedReceiptSchema, type FeedLogData } from '@petheart/contracts';
import type { ApiClient } from '../../shared/api';

/** The feeding log's calls (packages/contracts/src/feed.ts), each with its response schema. */
export function historyApi(api: ApiClient) {
  return {
    /** The user's feeds, newest first. */
    log: (page: number, limit: number): Promise<FeedLogData> =>
      api.request({ path: '/feed/log', data: { page, limit }, schema: FeedLogDataSchema }),
    /** One feed's receipt. */
    detail: (id: string) => api.request({ path: '/feed/detail', data: { id }, schema: FeedReceiptSchema }),
  };
}
export type HistoryApi = ReturnType<typeof historyApi>;

export const LOG_KEY = ['feed', 'log'] as const;
export const receiptKey = (id: string) => ['feed', 'receipt', id] as const;
