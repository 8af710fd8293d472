import type { FastifyPluginAsync } from 'fastify';
import { liveEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import type { CommentService } from './comment-service';
import type { FanService } from './fan-service';
import type { LiveListService } from './list-service';
import type { LiveRoomService } from './room-service';

export interface LiveRoutesOptions {
  rooms: LiveRoomService;
  lists: LiveListService;
  fans: FanService;
  comments: CommentService;
}

/** /api/live/*: lists, the room's detail, follow, fan group, comments (video and clips: modules/media). */
export const liveRoutes: FastifyPluginAsync<LiveRoutesOptions> = async (app, { rooms, lists, fans, comments }) => {
  route(app, e.list, (request) => lists.list(request.body, request.user?.id ?? null, request.locale));
  route(app, e.detail, (request) => rooms.detail(request.body.device_id, request.user?.id ?? null, request.locale));
  route(app, e.follow, (request) => rooms.follow(currentUser(request).id, request.body.device_id));
  route(app, e.unfollow, (request) => rooms.unfollow(currentUser(request).id, request.body.device_id));
  route(app, e.fansJoin, (request) => fans.join(currentUser(request).id, request.body.device_id));
  route(app, e.fansList, (request) => fans.list(request.body));
  route(app, e.myFans, (request) => lists.myFans(currentUser(request).id, request.body, request.locale));
  route(app, e.commentSend, (request) => comments.send(currentUser(request).id, request.body));
  route(app, e.commentList, (request) => comments.list(request.body));
};
