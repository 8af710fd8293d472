import type { LiveListBody, LiveListData, LiveRoom, Locale, MyFanGroupListData } from '@petheart/contracts';
import { AppError } from '../../http/errors';
import { distanceMetres, type GeoPoint } from '../../lib/geo';
import { publicPoint } from '../base/location-policy';
import { toFanMembership } from './fan-points';
import { DEFAULT_LOCATION, type ViewerSource } from './policy';
import { toLiveRoom } from './presenter';
import type { RoomRepository } from './room-repository';

export interface LiveListServiceDeps {
  rooms: Pick<RoomRepository, 'rooms' | 'fanGroups'>;
  viewers: ViewerSource;
}

type Order = (a: LiveRoom, b: LiveRoom) => number;
const byId: Order = (a, b) => (a.device_id < b.device_id ? -1 : a.device_id > b.device_id ? 1 : 0);
const then =
  (...orders: Order[]): Order =>
  (a, b) => {
    for (const order of orders) {
      const d = order(a, b);
      if (d !== 0) return d;
    }
    return 0;
  };
const onlineFirst: Order = (a, b) => Number(b.online) - Number(a.online);
const mostViewers: Order = (a, b) => b.viewers - a.viewers;
const mostFollowers: Order = (a, b) => b.followers - a.followers;
const nearest: Order = (a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity);

/**
 * Lists of live rooms. Viewer counts live in the realtime server's memory, so rooms are ordered here, not
 * in SQL: every enabled device is read (one row each), which stays cheap up to a few thousand devices.
 */
export class LiveListService {
  constructor(private readonly deps: LiveListServiceDeps) {}

  /**
   * follow: the user's followed rooms, newest follow first (login needed); recommend: online first, then
   * viewers, then followers; near: nearest first from the given point (default: Shanghai); top: viewers,
   * then followers. `distance` is set whenever a point is known, to each base's public point (decision 037).
   * Base names are in the reader's language where translated.
   */
  async list(q: LiveListBody, userId: number | null, reader: Locale): Promise<LiveListData> {
    if (q.tab === 'follow' && userId === null) throw new AppError('login_required');
    const given: GeoPoint | null =
      q.latitude !== undefined && q.longitude !== undefined ? { latitude: q.latitude, longitude: q.longitude } : null;
    const origin = given ?? (q.tab === 'near' ? DEFAULT_LOCATION : null);
    const rows = await this.deps.rooms.rooms(q.tab === 'follow' && userId !== null ? { followedBy: userId } : {});
    const rooms = rows.map((r) =>
      toLiveRoom(
        r,
        this.deps.viewers.viewers(r.device.id),
        origin ? distanceMetres(origin, publicPoint(r.base)) : null,
        reader,
      ),
    );
    const order: Order | null =
      q.tab === 'recommend'
        ? then(onlineFirst, mostViewers, mostFollowers, byId)
        : q.tab === 'near'
          ? then(nearest, byId)
          : q.tab === 'top'
            ? then(mostViewers, mostFollowers, byId)
            : null; // follow: as the repository answers (newest follow first)
    if (order) rooms.sort(order);
    const start = (q.page - 1) * q.limit;
    return { list: rooms.slice(start, start + q.limit), total: rooms.length, page: q.page, limit: q.limit };
  }

  /** The rooms of one base (its enabled devices), by device id. */
  async ofBase(baseId: number, reader: Locale): Promise<LiveRoom[]> {
    const rows = await this.deps.rooms.rooms({ baseId });
    return rows.map((r) => toLiveRoom(r, this.deps.viewers.viewers(r.device.id), null, reader));
  }

  /** POST /api/live/myFans: the fan groups the user is in, with their rooms; most points first. */
  async myFans(userId: number, q: { page: number; limit: number }, reader: Locale): Promise<MyFanGroupListData> {
    const { rows, total } = await this.deps.rooms.fanGroups(userId, q);
    return {
      list: rows.map((r) => ({
        ...toFanMembership(r),
        room: toLiveRoom(r, this.deps.viewers.viewers(r.device.id), null, reader),
      })),
      total,
      page: q.page,
      limit: q.limit,
    };
  }
}
