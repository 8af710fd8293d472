import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CommentListBodySchema,
  CommentListDataSchema,
  CommentSendBodySchema,
  FanListBodySchema,
  FanListDataSchema,
  FanMembershipSchema,
  FollowStateSchema,
  LiveCommentSchema,
  LiveDetailSchema,
  LiveDeviceBodySchema,
  LiveListBodySchema,
  LiveListDataSchema,
  envelope,
} from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { CommentService } from './comment-service';
import type { FanService } from './fan-service';
import type { LiveListService } from './list-service';
import type { LiveRoomService } from './room-service';

const tags = ['live'];
const user = { auth: 'user' as const };
const optional = { auth: 'optional' as const };

export interface LiveRoutesOptions {
  rooms: LiveRoomService;
  lists: LiveListService;
  fans: FanService;
  comments: CommentService;
}

/** /api/live/*: lists, the room's detail, follow, fan group, comments (video and clips: modules/media). */
export const liveRoutes: FastifyPluginAsyncZod<LiveRoutesOptions> = async (app, { rooms, lists, fans, comments }) => {
  app.post(
    '/api/live/list',
    { config: optional, schema: { tags, body: LiveListBodySchema, response: { 200: envelope(LiveListDataSchema) } } },
    async (request) => ok(await lists.list(request.body, request.user?.id ?? null)),
  );
  app.post(
    '/api/live/detail',
    { config: optional, schema: { tags, body: LiveDeviceBodySchema, response: { 200: envelope(LiveDetailSchema) } } },
    async (request) => ok(await rooms.detail(request.body.device_id, request.user?.id ?? null)),
  );
  app.post(
    '/api/live/follow',
    { config: user, schema: { tags, body: LiveDeviceBodySchema, response: { 200: envelope(FollowStateSchema) } } },
    async (request) =>
      ok(await rooms.follow(currentUser(request).id, request.body.device_id), request.t('ok.followed')),
  );
  app.post(
    '/api/live/unfollow',
    { config: user, schema: { tags, body: LiveDeviceBodySchema, response: { 200: envelope(FollowStateSchema) } } },
    async (request) =>
      ok(await rooms.unfollow(currentUser(request).id, request.body.device_id), request.t('ok.unfollowed')),
  );
  app.post(
    '/api/live/fans/join',
    { config: user, schema: { tags, body: LiveDeviceBodySchema, response: { 200: envelope(FanMembershipSchema) } } },
    async (request) => ok(await fans.join(currentUser(request).id, request.body.device_id), request.t('ok.fanJoined')),
  );
  app.post(
    '/api/live/fans/list',
    { schema: { tags, body: FanListBodySchema, response: { 200: envelope(FanListDataSchema) } } },
    async (request) => ok(await fans.list(request.body)),
  );
  app.post(
    '/api/live/comment/send',
    { config: user, schema: { tags, body: CommentSendBodySchema, response: { 200: envelope(LiveCommentSchema) } } },
    async (request) => ok(await comments.send(currentUser(request).id, request.body), request.t('ok.commentSent')),
  );
  app.post(
    '/api/live/comment/list',
    { schema: { tags, body: CommentListBodySchema, response: { 200: envelope(CommentListDataSchema) } } },
    async (request) => ok(await comments.list(request.body)),
  );
};
