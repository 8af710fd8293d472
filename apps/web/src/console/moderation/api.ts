import { useMemo } from 'react';
import { moderationConsoleEndpoints as moderation } from '@petheart/contracts';
import { useApi, type ApiClient } from '../../shared/api';

/** The moderation area's paged lists, for useConsoleList (console/shared), which calls them page by page. */
export const moderationLists = { posts: moderation.postList, reports: moderation.reportList };

/** The moderation area's calls (moderationConsoleEndpoints): decisions on posts and problem reports. */
export function moderationApi(api: ApiClient) {
  return {
    approvePost: (id: number) => api.call(moderation.postApprove, { id }, { task: 'postReview' }),
    /** The remark is the reason the author sees. */
    rejectPost: (id: number, remark: string) => api.call(moderation.postReject, { id, remark }, { task: 'postReview' }),
    resolveReport: (id: number, note: string) =>
      api.call(moderation.reportResolve, { id, note }, { task: 'reportResolve' }),
  };
}
export type ModerationApi = ReturnType<typeof moderationApi>;

/** The area's calls through the app's API client. */
export function useModerationApi(): ModerationApi {
  const client = useApi();
  return useMemo(() => moderationApi(client), [client]);
}
