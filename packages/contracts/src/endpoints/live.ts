import { post } from '../endpoint';
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
  MyFanGroupListBodySchema,
  MyFanGroupListDataSchema,
} from '../live';

const tag = 'live';

/**
 * /api/live/list|detail|follow|unfollow, /api/live/fans/*, /api/live/comment/*: the lists, the room's detail,
 * follow, the fan group and comments (the video and clips: mediaEndpoints; feeding: feedEndpoints).
 */
export const liveEndpoints = {
  list: post('/api/live/list', { auth: 'optional', tag, input: LiveListBodySchema, data: LiveListDataSchema }),
  detail: post('/api/live/detail', { auth: 'optional', tag, input: LiveDeviceBodySchema, data: LiveDetailSchema }),
  follow: post('/api/live/follow', {
    auth: 'user',
    tag,
    input: LiveDeviceBodySchema,
    data: FollowStateSchema,
    message: 'ok.followed',
  }),
  unfollow: post('/api/live/unfollow', {
    auth: 'user',
    tag,
    input: LiveDeviceBodySchema,
    data: FollowStateSchema,
    message: 'ok.unfollowed',
  }),
  fansJoin: post('/api/live/fans/join', {
    auth: 'user',
    tag,
    input: LiveDeviceBodySchema,
    data: FanMembershipSchema,
    message: 'ok.fanJoined',
  }),
  fansList: post('/api/live/fans/list', { auth: 'none', tag, input: FanListBodySchema, data: FanListDataSchema }),
  /** The rooms the user follows are `list` with tab 'follow'. */
  myFans: post('/api/live/myFans', {
    auth: 'user',
    tag,
    summary: 'The fan groups the user is in (room, level, points), most points first',
    input: MyFanGroupListBodySchema,
    data: MyFanGroupListDataSchema,
  }),
  commentSend: post('/api/live/comment/send', {
    auth: 'user',
    tag,
    input: CommentSendBodySchema,
    data: LiveCommentSchema,
    message: 'ok.commentSent',
  }),
  commentList: post('/api/live/comment/list', {
    auth: 'none',
    tag,
    input: CommentListBodySchema,
    data: CommentListDataSchema,
  }),
};
