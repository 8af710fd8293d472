import {
  LiveListDataSchema,
  PostCommentDeleteDataSchema,
  PostCommentSchema,
  PostCommentsDataSchema,
  PostDeleteDataSchema,
  PostLikeDataSchema,
  PostListDataSchema,
  PostSchema,
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
      api.request({ path: '/post/list', data: { page, limit }, schema: PostListDataSchema, silent: true }),
    /** All of the user's posts, newest first, in every review state. */
    mine: (page: number, limit: number): Promise<PostListData> =>
      api.request({ path: '/post/mine', data: { page, limit }, schema: PostListDataSchema, silent: true }),
    /** A published post, or the user's own in any state. */
    detail: (id: number) => api.request({ path: '/post/detail', data: { id }, schema: PostSchema, silent: true }),
    publish: (body: PostPublishBody) =>
      api.request({ path: '/post/publish', data: body, schema: PostSchema, task: 'postPublish' }),
    update: (body: PostUpdateBody) =>
      api.request({ path: '/post/update', data: body, schema: PostSchema, task: 'postPublish' }),
    remove: (id: number) =>
      api.request({
        path: '/post/delete',
        data: { id },
        schema: PostDeleteDataSchema,
        task: `postDelete:${String(id)}`,
      }),
    like: (id: number, like: boolean) =>
      api.request({
        path: '/post/like',
        data: { id, like },
        schema: PostLikeDataSchema,
        task: `postLike:${String(id)}`,
      }),
    comments: (id: number, page: number, limit: number): Promise<PostCommentsData> =>
      api.request({ path: '/post/comments', data: { id, page, limit }, schema: PostCommentsDataSchema, silent: true }),
    comment: (id: number, content: string) =>
      api.request({ path: '/post/comment', data: { id, content }, schema: PostCommentSchema, task: 'postComment' }),
    deleteComment: (id: number) =>
      api.request({
        path: '/post/commentDelete',
        data: { id },
        schema: PostCommentDeleteDataSchema,
        task: `commentDelete:${String(id)}`,
      }),
    /** Live rooms (one per device) for the publish form's device picker. */
    devices: (page: number, limit: number): Promise<LiveListData> =>
      api.request({
        path: '/live/list',
        data: { page, limit, tab: 'recommend' },
        schema: LiveListDataSchema,
        silent: true,
      }),
  };
}
export type CommunityApi = ReturnType<typeof communityApi>;
