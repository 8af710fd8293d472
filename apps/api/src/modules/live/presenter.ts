import { fanLevel, type FanMember, type LiveComment, type LiveRoom } from '@petheart/contracts';
import { seconds } from '../../lib/time';
import { toRoomStill } from '../device/presenter';
import type { CommentRow } from './comment-repository';
import type { FanMemberRow } from './fan-repository';
import type { RoomRow } from './room-repository';

/** A room in the lists; `distance` in metres (rounded) or null. */
export function toLiveRoom(r: RoomRow, viewers: number, distance: number | null): LiveRoom {
  return {
    device_id: r.device.id,
    name: r.device.name,
    base_id: r.base.id,
    base_name: r.base.name,
    address: r.base.address,
    cover: r.base.photos[0] ?? '',
    latitude: r.base.latitude,
    longitude: r.base.longitude,
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

export function toFanMember(m: FanMemberRow): FanMember {
  return { user_id: m.userId, nickname: m.nickname, avatar: m.avatar, level: fanLevel(m.points), points: m.points };
}
