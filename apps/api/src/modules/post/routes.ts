import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  envelope,
} from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { PostCommentService } from './comment-service';
import type { PostService } from './service';
import { viewerOf } from './viewer';

const user = { auth: 'user' as const };
const anyone = { auth: 'optional' as const };
const tags = ['community'];

/** /api/post/*: community posts, their likes and comments. */
export const postRoutes: FastifyPluginAsyncZod<{ posts: PostService; comments: PostCommentService }> = async (
  app,
  { posts, comments },
) => {
  app.post(
    '/api/post/publish',
    { config: user, schema: { tags, body: PostPublishBodySchema, response: { 200: envelope(PostSchema) } } },
    async (request) => ok(await posts.publish(currentUser(request).id, request.body), request.t('ok.postSubmitted')),
  );
  app.post(
    '/api/post/update',
    { config: user, schema: { tags, body: PostUpdateBodySchema, response: { 200: envelope(PostSchema) } } },
    async (request) => ok(await posts.update(currentUser(request).id, request.body), request.t('ok.postSubmitted')),
  );
  app.post(
    '/api/post/delete',
    { config: user, schema: { tags, body: PostIdBodySchema, response: { 200: envelope(PostDeleteDataSchema) } } },
    async (request) => ok(await posts.delete(currentUser(request).id, request.body.id), request.t('ok.deleted')),
  );
  app.post(
    '/api/post/list',
    { config: anyone, schema: { tags, body: PostListBodySchema, response: { 200: envelope(PostListDataSchema) } } },
    async (request) => ok(await posts.list(request.body, viewerOf(request))),
  );
  app.post(
    '/api/post/mine',
    { config: user, schema: { tags, body: PostListBodySchema, response: { 200: envelope(PostListDataSchema) } } },
    async (request) => ok(await posts.mine(currentUser(request).id, request.body)),
  );
  app.post(
    '/api/post/detail',
    { config: anyone, schema: { tags, body: PostIdBodySchema, response: { 200: envelope(PostSchema) } } },
    async (request) => ok(await posts.detail(request.body.id, viewerOf(request))),
  );
  app.post(
    '/api/post/like',
    { config: user, schema: { tags, body: PostLikeBodySchema, response: { 200: envelope(PostLikeDataSchema) } } },
    async (request) =>
      ok(
        await posts.like(currentUser(request).id, request.body),
        request.t(request.body.like ? 'ok.liked' : 'ok.unliked'),
      ),
  );
  app.post(
    '/api/post/comments',
    {
      config: anyone,
      schema: { tags, body: PostCommentsBodySchema, response: { 200: envelope(PostCommentsDataSchema) } },
    },
    async (request) => ok(await comments.list(request.body, viewerOf(request))),
  );
  app.post(
    '/api/post/comment',
    { config: user, schema: { tags, body: PostCommentBodySchema, response: { 200: envelope(PostCommentSchema) } } },
    async (request) => ok(await comments.add(currentUser(request).id, request.body), request.t('ok.commentSent')),
  );
  app.post(
    '/api/post/commentDelete',
    {
      config: user,
      schema: { tags, body: PostCommentDeleteBodySchema, response: { 200: envelope(PostCommentDeleteDataSchema) } },
    },
    async (request) => ok(await comments.delete(currentUser(request).id, request.body.id), request.t('ok.deleted')),
  );
};
