import { feedEndpoints as feed, type FeedLogData } from '@petheart/contracts';
import type { ApiClient } from '../../shared/api';

/** The feeding log's calls (packages/contracts/src/feed.ts), each with its response schema. */
export function historyApi(api: ApiClient) {
  return {
    /** The user's feeds, newest first. */
    log: (page: number, limit: number): Promise<FeedLogData> => api.call(feed.log, { page, limit }),
    /** One feed's receipt. */
    detail: (id: string) => api.call(feed.detail, { id }),
    /** A succeeded feed's public proof (anyone; the shared link's page). */
    proof: (id: string) => api.call(feed.proof, { id }),
    /** The user's own feed's proof clip as a clip of theirs, for a community post. */
    proofClip: (id: string) => api.call(feed.proofClip, { id }),
  };
}
export type HistoryApi = ReturnType<typeof historyApi>;

export const LOG_KEY = ['feed', 'log'] as const;
export const receiptKey = (id: string) => ['feed', 'receipt', id] as const;
export const proofKey = (id: string) => ['feed', 'proof', id] as const;
