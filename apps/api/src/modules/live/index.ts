import { routes, type ApiModule } from '../../api-module';
import type { CommentService } from './comment-service';
import type { FanService } from './fan-service';
import type { LiveListService } from './list-service';
import type { LiveRoomService } from './room-service';
import { liveRoutes } from './routes';

/** Live rooms: lists, the room, follows, fan groups, comments. */
export function liveModule(s: {
  liveRooms: LiveRoomService;
  liveLists: LiveListService;
  fans: FanService;
  comments: CommentService;
}): ApiModule {
  return {
    name: 'live',
    routes: [routes(liveRoutes, { rooms: s.liveRooms, lists: s.liveLists, fans: s.fans, comments: s.comments })],
  };
}
