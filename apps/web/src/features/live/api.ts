import {
  ClipListDataSchema,
  ClipSchema,
  CommentListDataSchema,
  FanListDataSchema,
  FanMembershipSchema,
  FollowStateSchema,
  LiveCommentSchema,
  LiveDetailSchema,
  PlaybackSchema,
  type CommentListData,
} from '@petheart/contracts';
import type { ApiClient } from '../../shared/api';

/** The live room's HTTP calls (packages/contracts/src/live.ts), each with its response schema. */
export function liveApi(api: ApiClient) {
  return {
    detail: (device_id: string) => api.request({ path: '/live/detail', data: { device_id }, schema: LiveDetailSchema }),
    /** Silent: the player shows its own state (offline mask, retries) instead of toasts. */
    play: (device_id: string) =>
      api.request({ path: '/live/play', data: { device_id }, schema: PlaybackSchema, silent: true }),
    follow: (device_id: string, follow: boolean) =>
      api.request({
        path: follow ? '/live/follow' : '/live/unfollow',
        data: { device_id },
        schema: FollowStateSchema,
        task: 'follow',
      }),
    joinFans: (device_id: string) =>
      api.request({ path: '/live/fans/join', data: { device_id }, schema: FanMembershipSchema, task: 'fans' }),
    fans: (device_id: string, page: number, limit: number) =>
      api.request({ path: '/live/fans/list', data: { device_id, page, limit }, schema: FanListDataSchema }),
    sendComment: (device_id: string, content: string) =>
      api.request({
        path: '/live/comment/send',
        data: { device_id, content },
        schema: LiveCommentSchema,
        task: 'comment',
      }),
    /** Silent: history and catch-ups run in the background; a failure is retried on the next join. */
    comments: (device_id: string, q: { after_seq?: number; limit: number }): Promise<CommentListData> =>
      api.request({
        path: '/live/comment/list',
        data: { device_id, ...q },
        schema: CommentListDataSchema,
        silent: true,
      }),
    createClip: (device_id: string) =>
      api.request({ path: '/live/clip/create', data: { device_id }, schema: ClipSchema, task: 'clip' }),
    publishClip: (id: string) =>
      api.request({ path: '/live/clip/publish', data: { id }, schema: ClipSchema, task: 'clipPublish' }),
    clips: (device_id: string, page: number, limit: number) =>
      api.request({
        path: '/live/clip/list',
        data: { device_id, page, limit },
        schema: ClipListDataSchema,
        silent: true,
      }),
  };
}

export type LiveApi = ReturnType<typeof liveApi>;
