import {
  PostCommentBodySchema,
  PostCommentDeleteBodySchema,
  PostCommentDeleteDataSchema,
  PostCommentSchema,
  PostCommentsBodySchema,
  PostCommentsDataSchema,
  PostDeleteDataSchema,
  PostIdBodySchema,
  PostLikeBodySchema,
  PostLikeDataSchema,
  PostListBodySchema,
  PostListDataSchema,
  PostPublishBodySchema,
  PostSchema,
  PostUpdateBodySchema,
} from '../community';
import { post } from '../endpoint';

const tag = 'community';

/** /api/post/*: community posts, their likes and comments (decision 014). */
export const postEndpoints = {
  publish: post('/api/post/publish', {
    auth: 'user',
    tag,
    input: PostPublishBodySchema,
    data: PostSchema,
    message: 'ok.postSubmitted',
  }),
  update: post('/api/post/update', {
    auth: 'user',
    tag,
    input: PostUpdateBodySchema,
    data: PostSchema,
    message: 'ok.postSubmitted',
  }),
  delete: post('/api/post/delete', {
    auth: 'user',
    tag,
    input: PostIdBodySchema,
    data: PostDeleteDataSchema,
    message: 'ok.deleted',
  }),
  list: post('/api/post/list', { auth: 'optional', tag, input: PostListBodySchema, data: PostListDataSchema }),
  mine: post('/api/post/mine', { auth: 'user', tag, input: PostListBodySchema, data: PostListDataSchema }),
  detail: post('/api/post/detail', { auth: 'optional', tag, input: PostIdBodySchema, data: PostSchema }),
  like: post('/api/post/like', {
    auth: 'user',
    tag,
    input: PostLikeBodySchema,
    data: PostLikeDataSchema,
    message: (body) => (body.like ? 'ok.liked' : 'ok.unliked'),
  }),
  comments: post('/api/post/comments', {
    auth: 'optional',
    tag,
    input: PostCommentsBodySchema,
    data: PostCommentsDataSchema,
  }),
  comment: post('/api/post/comment', {
    auth: 'user',
    tag,
    input: PostCommentBodySchema,
    data: PostCommentSchema,
    message: 'ok.commentSent',
  }),
  commentDelete: post('/api/post/commentDelete', {
    auth: 'user',
    tag,
    input: PostCommentDeleteBodySchema,
    data: PostCommentDeleteDataSchema,
    message: 'ok.deleted',
  }),
};
