import {
  liveEndpoints as live,
  postEndpoints as post,
  type LiveListData,
  type PostCommentsData,
  type PostListData,
  type PostPublishBody,
  type PostUpdateBody,
} from '@petheart/contracts';
import type { ApiClient } from '../../shared/api';

/** The community's calls (packages/contracts/src/community.ts), each with its response schema. */
export function communityApi(api: ApiClient) {
  return {
    /** Published posts, newest first (tourists too). */
    list: (page: number, limit: number): Promise<PostListData> =>
      api.call(post.list, { page, limit }, { silent: true }),
    /** All of the user's posts, newest first, in every review state. */
    mine: (page: number, limit: number): Promise<PostListData> =>
      api.call(post.mine, { page, limit }, { silent: true }),
    /** A published post, or the user's own in any state. */
    detail: (id: number) => api.call(post.detail, { id }, { silent: true }),
    publish: (body: PostPublishBody) => api.call(post.publish, body, { task: 'postPublish' }),
    update: (body: PostUpdateBody) => api.call(post.update, body, { task: 'postPublish' }),
    remove: (id: number) => api.call(post.delete, { id }, { task: `postDelete:${String(id)}` }),
    like: (id: number, like: boolean) => api.call(post.like, { id, like }, { task: `postLike:${String(id)}` }),
    comments: (id: number, page: number, limit: number): Promise<PostCommentsData> =>
      api.call(post.comments, { id, page, limit }, { silent: true }),
    comment: (id: number, content: string) => api.call(post.comment, { id, content }, { task: 'postComment' }),
    deleteComment: (id: number) => api.call(post.commentDelete, { id }, { task: `commentDelete:${String(id)}` }),
    /** Live rooms (one per device) for the publish form's device picker. */
    devices: (page: number, limit: number): Promise<LiveListData> =>
      api.call(live.list, { page, limit, tab: 'recommend' }, { silent: true }),
  };
}
export type CommunityApi = ReturnType<typeof communityApi>;
