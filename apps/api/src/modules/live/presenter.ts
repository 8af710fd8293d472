import {
  fanLevel,
  type FanMember,
  type LiveComment,
  type LiveFeedLine,
  type LiveRoom,
  type Locale,
} from '@petheart/contracts';
import { seconds } from '../../lib/time';
import { publicLocation } from '../base/location-policy';
import { baseNameFor } from '../base/presenter';
import { toRoomStill } from '../device/presenter';
import type { FeedLineRow } from './comment-feed-repository';
import type { CommentRow } from './comment-repository';
import type { FanMemberRow } from './fan-repository';
import type { RoomRow } from './room-repository';

/**
 * A room in the lists; `distance` in metres (rounded, from the base's public point) or null. The base's
 * location is its public one (coarse unless published: base/location-policy.ts); its name in the reader's
 * language where translated (issue 29 §5).
 */
export function toLiveRoom(r: RoomRow, viewers: number, distance: number | null, reader: Locale): LiveRoom {
  const at = publicLocation(r.base);
  const base = baseNameFor(r.base, reader);
  return {
    device_id: r.device.id,
    name: r.device.name,
    base_id: r.base.id,
    base_name: base.name,
    base_text_lang: base.text_lang,
    address: at.address,
    cover: r.base.photos[0] ?? '',
    latitude: at.latitude,
    longitude: at.longitude,
    distance: distance === null ? null : Math.round(distance),
    viewers,
    followers: r.followers,
    online: r.device.feederOnline || r.device.cameraOnline,
    feeder_online: r.device.feederOnline,
    camera_online: r.device.cameraOnline,
    ...toRoomStill(r.device),
  };
}

export function toLiveComment(c: CommentRow): LiveComment {
  return {
    seq: c.seq,
    device_id: c.deviceId,
    user_id: c.userId,
    nickname: c.nickname,
    avatar: c.avatar,
    fan_level: c.fanPoints === null ? null : fanLevel(c.fanPoints),
    content: c.content,
    created_at: seconds(c.createdAt),
  };
}

/** A succeeded feed as a line of its room's chat: when its food fell (its settlement). */
export function toLiveFeedLine(r: FeedLineRow): LiveFeedLine {
  return {
    feed_id: r.id,
    device_id: r.deviceId,
    nickname: r.nickname,
    grams: r.gramsDispensed,
    fed_at: seconds(r.settledAt ?? r.createdAt),
  };
}

export function toFanMember(m: FanMemberRow): FanMember {
  return { user_id: m.userId, nickname: m.nickname, avatar: m.avatar, level: fanLevel(m.points), points: m.points };
}
