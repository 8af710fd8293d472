import {
  feedEndpoints,
  liveEndpoints as live,
  mediaEndpoints as media,
  shareEndpoints,
  type CommentListData,
  type PublicFeedProof,
} from '@petheart/contracts';
import type { ApiClient } from '../../shared/api';

/** The live room's HTTP calls (liveEndpoints and mediaEndpoints of packages/contracts). */
export function liveApi(api: ApiClient) {
  return {
    detail: (device_id: string) => api.call(live.detail, { device_id }),
    /** Silent: the player shows its own state (offline mask, retries) instead of toasts. */
    play: (device_id: string) => api.call(media.play, { device_id }, { silent: true }),
    follow: (device_id: string, follow: boolean) =>
      api.call(follow ? live.follow : live.unfollow, { device_id }, { task: 'follow' }),
    joinFans: (device_id: string) => api.call(live.fansJoin, { device_id }, { task: 'fans' }),
    fans: (device_id: string, page: number, limit: number) => api.call(live.fansList, { device_id, page, limit }),
    sendComment: (device_id: string, content: string) =>
      api.call(live.commentSend, { device_id, content }, { task: 'comment' }),
    /** Silent: history and catch-ups run in the background; a failure is retried on the next join. */
    comments: (device_id: string, q: { after_seq?: number; limit: number }): Promise<CommentListData> =>
      api.call(live.commentList, { device_id, ...q }, { silent: true }),
    createClip: (device_id: string) => api.call(media.clipCreate, { device_id }, { task: 'clip' }),
    publishClip: (id: string) => api.call(media.clipPublish, { id }, { task: 'clipPublish' }),
    /** Silent: the proof sheet says what it could not show. */
    feedProof: (id: string): Promise<PublicFeedProof> => api.call(feedEndpoints.proof, { id }, { silent: true }),
    clips: (device_id: string, page: number, limit: number) =>
      api.call(media.clipList, { device_id, page, limit }, { silent: true }),
    /** Silent: without it WeChat's menu still shares the page, only without the room's card. */
    wechatShare: (url: string) => api.call(shareEndpoints.wechat, { url }, { silent: true }),
  };
}

export type LiveApi = ReturnType<typeof liveApi>;
