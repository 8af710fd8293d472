import type { FastifyPluginAsync } from 'fastify';
import { postEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import type { PostCommentService } from './comment-service';
import type { PostService } from './service';
import { viewerOf } from './viewer';

/** /api/post/*: community posts, their likes and comments. */
export const postRoutes: FastifyPluginAsync<{ posts: PostService; comments: PostCommentService }> = async (
  app,
  { posts, comments },
) => {
  route(app, e.publish, (request) => posts.publish(currentUser(request).id, request.body));
  route(app, e.update, (request) => posts.update(currentUser(request).id, request.body));
  route(app, e.delete, (request) => posts.delete(currentUser(request).id, request.body.id));
  route(app, e.list, (request) => posts.list(request.body, viewerOf(request)));
  route(app, e.mine, (request) => posts.mine(currentUser(request).id, request.body));
  route(app, e.detail, (request) => posts.detail(request.body.id, viewerOf(request)));
  route(app, e.like, (request) => posts.like(currentUser(request).id, request.body));
  route(app, e.comments, (request) => comments.list(request.body, viewerOf(request)));
  route(app, e.comment, (request) => comments.add(currentUser(request).id, request.body));
  route(app, e.commentDelete, (request) => comments.delete(currentUser(request).id, request.body.id));
};
