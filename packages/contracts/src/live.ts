import { z } from 'zod';
import { PageQuerySchema, pagedList } from './envelope';
import { BaseSchema, LatitudeSchema, LongitudeSchema, PublicDeviceSchema, RoomStillSchema } from './base';
import { BooleanSchema, IntSchema, requiredText, rowId, safeInt, StringSchema } from './fields';
import { ShownTextLangSchema } from './text-lang';
import { NotificationEventSchema, NotificationUnreadEventSchema } from './notification';

/** The live room of one device. Every live-room request names the device. */
export const LiveDeviceBodySchema = z.object({
  device_id: z.string({ error: 'v.deviceId' }).trim().min(3, { error: 'v.deviceId' }).max(64, { error: 'v.deviceId' }),
});
export type LiveDeviceBody = z.infer<typeof LiveDeviceBodySchema>;

// ---- Lists: POST /api/live/list ----

/** follow = rooms the user follows (login needed); recommend = For You; near = by distance; top = by viewers. */
export const LIVE_TABS = ['follow', 'recommend', 'near', 'top'] as const;
export const LiveListBodySchema = PageQuerySchema.extend({
  tab: z.enum(LIVE_TABS, { error: 'v.invalid' }).default('recommend'),
  latitude: LatitudeSchema.optional(),
  longitude: LongitudeSchema.optional(),
});
export type LiveListBody = z.infer<typeof LiveListBodySchema>;

/** One live room in a list (a device at its base). */
export const LiveRoomSchema = z.object({
  device_id: StringSchema,
  name: StringSchema,
  base_id: IntSchema,
  base_name: StringSchema,
  /** The language `base_name` is shown in (as Base's `text_lang`: issue 29 §5). */
  base_text_lang: ShownTextLangSchema,
  address: StringSchema,
  /** The base's first photo ('' when it has none: the client shows its default cover). */
  cover: StringSchema,
  latitude: z.number(),
  longitude: z.number(),
  /** Metres from the given location, straight line on a sphere of radius EARTH_RADIUS_M; null without one. */
  distance: IntSchema.nullable(),
  viewers: IntSchema,
  followers: IntSchema,
  online: BooleanSchema,
  feeder_online: BooleanSchema,
  camera_online: BooleanSchema,
  ...RoomStillSchema.shape,
});
export type LiveRoom = z.infer<typeof LiveRoomSchema>;
export const LiveListDataSchema = pagedList(LiveRoomSchema);
export type LiveListData = z.infer<typeof LiveListDataSchema>;

/** The earth radius the spec's maps service uses for straight-line distances, metres. */
export const EARTH_RADIUS_M = 6378136.49;

// ---- Fan group ----

/** Points needed for each level: level n needs FAN_LEVEL_POINTS[n - 1] points (level 1 on joining). */
export const FAN_LEVEL_POINTS = [0, 10, 30, 60, 100, 160, 240, 350, 500, 700] as const;
/**
 * What earns a member fan points in a room: the first visit of a day, a comment (at most 10 points a day from
 * comments), a feed that fell (no cap: it costs coins).
 */
export const FAN_POINTS = { dailyVisit: 1, comment: 1, commentDailyCap: 10, feed: 2 } as const;

/** The level for a number of points (1 … FAN_LEVEL_POINTS.length). */
export function fanLevel(points: number): number {
  let level = 1;
  FAN_LEVEL_POINTS.forEach((needed, index) => {
    if (points >= needed) level = index + 1;
  });
  return level;
}

export const FanMembershipSchema = z.object({
  level: IntSchema,
  points: IntSchema,
  /** Points the next level needs; null at the top level. */
  next_level_points: IntSchema.nullable(),
  joined_at: IntSchema,
});
export type FanMembership = z.infer<typeof FanMembershipSchema>;

export const FanMemberSchema = z.object({
  user_id: IntSchema,
  nickname: StringSchema,
  avatar: StringSchema,
  level: IntSchema,
  points: IntSchema,
});
export type FanMember = z.infer<typeof FanMemberSchema>;
/** POST /api/live/myFans (login): the fan groups the user is in, their room and membership; most points first. */
export const MyFanGroupSchema = FanMembershipSchema.extend({ room: LiveRoomSchema });
export type MyFanGroup = z.infer<typeof MyFanGroupSchema>;
export const MyFanGroupListBodySchema = PageQuerySchema;
export const MyFanGroupListDataSchema = pagedList(MyFanGroupSchema);
export type MyFanGroupListData = z.infer<typeof MyFanGroupListDataSchema>;
export const FanListBodySchema = LiveDeviceBodySchema.extend(PageQuerySchema.shape);
export const FanListDataSchema = pagedList(FanMemberSchema);
export type FanListData = z.infer<typeof FanListDataSchema>;

// ---- The room: POST /api/live/detail ----

export const LiveDetailSchema = z.object({
  device: PublicDeviceSchema.extend({ base_id: IntSchema }),
  base: BaseSchema,
  viewers: IntSchema,
  followers: IntSchema,
  /** Whether the signed-in user follows this room (false for tourists). */
  followed: BooleanSchema,
  fan_count: IntSchema,
  /** The signed-in user's fan membership; null when not a member or not signed in. */
  fan: FanMembershipSchema.nullable(),
  /** Grams this device dispensed today (acknowledged by the device). */
  grams_today: IntSchema,
  /** The newest comment's sequence number (0 when none). */
  latest_seq: IntSchema,
});
export type LiveDetail = z.infer<typeof LiveDetailSchema>;

/** POST /api/live/follow and /api/live/unfollow → the new state. */
export const FollowStateSchema = z.object({ followed: BooleanSchema, followers: IntSchema });
export type FollowState = z.infer<typeof FollowStateSchema>;

// ---- Video: POST /api/live/play ----

/** A viewer's playback addresses; both stop working at `expires_at` (unix seconds). */
export const PlaybackSchema = z.object({
  /** HTTP-FLV, a path on the API's origin (the client makes it absolute for mpegts.js); null where no FLV is served (scaled out on nginx). */
  flv_url: StringSchema.nullable(),
  /** WebSocket-FLV, same stream, a path on the API's origin; null where only HTTP-FLV is served. */
  ws_url: StringSchema.nullable(),
  /** HLS: the signed playlist (a path on the API's origin, or the edge's absolute address scaled out); null until the stream has a segment. */
  hls_url: StringSchema.nullable(),
  expires_at: IntSchema,
  camera_online: BooleanSchema,
});
export type Playback = z.infer<typeof PlaybackSchema>;

// ---- Comments: POST /api/live/comment/send and /api/live/comment/list ----

export const LiveCommentSchema = z.object({
  /** Increasing within a room: a client that reconnects asks for everything after the last one it has. */
  seq: IntSchema,
  device_id: StringSchema,
  user_id: IntSchema,
  nickname: StringSchema,
  avatar: StringSchema,
  /** The author's fan level in this room; null when not a member. */
  fan_level: IntSchema.nullable(),
  content: StringSchema,
  created_at: IntSchema,
});
export type LiveComment = z.infer<typeof LiveCommentSchema>;
export const COMMENT_MAX_LENGTH = 200;
export const CommentSendBodySchema = LiveDeviceBodySchema.extend({
  content: requiredText('v.comment', COMMENT_MAX_LENGTH),
});
export type CommentSendBody = z.infer<typeof CommentSendBodySchema>;
export const CommentListBodySchema = LiveDeviceBodySchema.extend({
  /** Comments after this sequence number (oldest first); omitted = the newest `limit`. */
  after_seq: safeInt().min(0).optional(),
  limit: IntSchema.min(1).max(100).default(50),
});
/**
 * A feed whose food fell in the room (issue 28 §2), a lasting line of the chat: merged with the comments by
 * time (`fed_at` against `created_at`), one per `feed_id` (the `fed` event carries the same id); tapping it
 * shows its proof (feedEndpoints.proof).
 */
export const LiveFeedLineSchema = z.object({
  feed_id: StringSchema,
  device_id: StringSchema,
  nickname: StringSchema,
  /** Grams the device measured. */
  grams: IntSchema,
  /** Unix seconds: when its food fell (the feed's settlement). */
  fed_at: IntSchema,
});
export type LiveFeedLine = z.infer<typeof LiveFeedLineSchema>;
/**
 * `list`: the comments asked for. `feeds`: the room's succeeded feeds over the same stretch of time, newest
 * `limit` at most, oldest first: from the oldest comment of a full newest page (else from the start), or from
 * the comment `after_seq` names, up to the last comment of a full catch-up page (else up to now). Absent
 * (an older server) = none.
 */
export const CommentListDataSchema = z.object({
  list: z.array(LiveCommentSchema),
  feeds: z.array(LiveFeedLineSchema).default([]),
  latest_seq: IntSchema,
});
export type CommentListData = z.infer<typeof CommentListDataSchema>;

// ---- Problem report: POST /api/report/create ----

export const ReportCreateBodySchema = LiveDeviceBodySchema.extend({
  reason: requiredText('v.reportReason', 1000),
  images: z
    .array(StringSchema.trim().min(1).max(500, { error: 'v.tooLong' }))
    .max(9, { error: 'v.tooMany' })
    .default([]),
});
export type ReportCreateBody = z.infer<typeof ReportCreateBodySchema>;
export const ReportSchema = z.object({
  id: IntSchema,
  device_id: StringSchema,
  reason: StringSchema,
  images: z.array(StringSchema),
  status: z.enum(['open', 'resolved']),
  created_at: IntSchema,
});
export type Report = z.infer<typeof ReportSchema>;

// ---- Base detail (Yard): POST /api/base/detail ----

export const BaseDetailBodySchema = z.object({ id: rowId('v.invalid') });
export const BaseStatsSchema = z.object({
  /** Distinct users who fed at this base. */
  feeders: IntSchema,
  fed_grams: IntSchema,
  /** Days since the base's first device first came online (0 before). */
  days_live: IntSchema,
  /** Devices (live rooms) at this base. */
  live_rooms: IntSchema,
});
export const BaseDetailSchema = z.object({
  base: BaseSchema,
  stats: BaseStatsSchema,
  rooms: z.array(LiveRoomSchema),
});
export type BaseDetail = z.infer<typeof BaseDetailSchema>;

// ---- Record: POST /api/live/clip/create | publish | list ----

/** A clip of the last CLIP_SECONDS of a live stream, cut on the server. */
export const CLIP_SECONDS = 15;
export const ClipSchema = z.object({
  id: StringSchema,
  device_id: StringSchema,
  user_id: IntSchema,
  nickname: StringSchema,
  /** MP4 address (absolute when an asset host is configured). */
  url: StringSchema,
  duration_ms: IntSchema,
  published: BooleanSchema,
  created_at: IntSchema,
});
export type Clip = z.infer<typeof ClipSchema>;
export const ClipIdBodySchema = z.object({ id: z.string({ error: 'v.invalid' }).trim().min(1).max(64) });
export const ClipListBodySchema = LiveDeviceBodySchema.extend(PageQuerySchema.shape);
export const ClipListDataSchema = pagedList(ClipSchema);
export type ClipListData = z.infer<typeof ClipListDataSchema>;

// ---- Realtime (socket.io, path /socket.io, namespace /live) ----

/** client → server `join` (ack: RoomJoinAck) and `leave`. The handshake's `auth.token` is optional. */
export const RoomJoinSchema = LiveDeviceBodySchema;
export const RoomJoinAckSchema = z.union([
  z.object({ ok: z.literal(true), viewers: IntSchema, latest_seq: IntSchema }),
  z.object({ ok: z.literal(false), error: StringSchema }),
]);
export type RoomJoinAck = z.infer<typeof RoomJoinAckSchema>;
/** Ack of `leave` (the room's viewers after leaving). Failed acks carry an error id (`error.<id>` messages). */
export const RoomLeaveAckSchema = z.union([
  z.object({ ok: z.literal(true), viewers: IntSchema }),
  z.object({ ok: z.literal(false), error: StringSchema }),
]);
export type RoomLeaveAck = z.infer<typeof RoomLeaveAckSchema>;

/** server → client events, each with its payload schema. */
export const LiveServerEvents = {
  /** Viewer count, coalesced to at most one a second per room. */
  viewers: z.object({ device_id: StringSchema, viewers: IntSchema }),
  comment: LiveCommentSchema,
  /** The device's state changed (feeder / camera online, food stock). */
  device: PublicDeviceSchema.pick({
    online: true,
    feeder_online: true,
    camera_online: true,
    food_stock: true,
    last_seen_at: true,
  }).extend({ device_id: StringSchema }),
  /** A clip was published in the room. */
  clip: ClipSchema,
  /** Someone's feed was dispensed: "<nickname> fed <grams> g", and the device's grams today now. */
  fed: z.object({
    device_id: StringSchema,
    /** The feed (its proof: /api/feed/proof). */
    feed_id: StringSchema,
    nickname: StringSchema,
    grams: IntSchema,
    grams_today: IntSchema,
  }),
  /** To the signed-in user's own sockets only: a new notification and their unread count (issue 29 §1). */
  notification: NotificationEventSchema,
  /** To the user's own sockets: the unread count after some were read (in another tab or on another phone). */
  notification_unread: NotificationUnreadEventSchema,
} as const;
export type LiveServerEventName = keyof typeof LiveServerEvents;
export type LiveServerEvent<K extends LiveServerEventName> = z.infer<(typeof LiveServerEvents)[K]>;
export const LIVE_NAMESPACE = '/live';
