import type { DevicePortion, FollowState, LiveDetail, Locale } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../http/errors';
import { toBase } from '../base/presenter';
import type { BaseRepository } from '../base/repository';
import { toPublicDevice } from '../device/presenter';
import type { DeviceRepository } from '../device/repository';
import type { FanService } from './fan-service';
import { requireRoom, type ViewerSource } from './policy';
import type { RoomRepository } from './room-repository';

export interface LiveRoomServiceDeps {
  rooms: RoomRepository;
  devices: Pick<DeviceRepository, 'byId'>;
  bases: Pick<BaseRepository, 'byId'>;
  fans: Pick<FanService, 'visit' | 'count'>;
  viewers: ViewerSource;
  /** The configured portions, for devices without their own. */
  defaultPortions: () => Promise<DevicePortion[]>;
  clock: Clock;
}

/** One live room: its detail page, follow and unfollow. */
export class LiveRoomService {
  constructor(private readonly deps: LiveRoomServiceDeps) {}

  /** The room as its viewer sees it; opening it earns a member the day's visit point. */
  async detail(deviceId: string, userId: number | null, reader: Locale): Promise<LiveDetail> {
    const device = await requireRoom(this.deps.devices, deviceId);
    const { rooms } = this.deps;
    const now = this.deps.clock.now();
    const [base, followers, followed, fanCount, fan, gramsToday, latestSeq, portions] = await Promise.all([
      this.deps.bases.byId(device.baseId),
      rooms.followers(deviceId),
      userId === null ? false : rooms.isFollowing(userId, deviceId),
      this.deps.fans.count(deviceId),
      userId === null ? null : this.deps.fans.visit(userId, deviceId),
      rooms.gramsDispensedOn(deviceId, now),
      rooms.latestSeq(deviceId),
      this.deps.defaultPortions(),
    ]);
    if (!base) throw new AppError('not_found');
    return {
      device: { ...toPublicDevice(device, now, portions), base_id: device.baseId },
      base: toBase(base, reader),
      viewers: this.deps.viewers.viewers(deviceId),
      followers,
      followed,
      fan_count: fanCount,
      fan,
      grams_today: gramsToday,
      latest_seq: latestSeq,
    };
  }

  /** Follows (idempotent). */
  async follow(userId: number, deviceId: string): Promise<FollowState> {
    await requireRoom(this.deps.devices, deviceId);
    await this.deps.rooms.follow(userId, deviceId, this.deps.clock.now());
    return { followed: true, followers: await this.deps.rooms.followers(deviceId) };
  }

  /** Unfollows (idempotent; also from a room that has since been disabled). */
  async unfollow(userId: number, deviceId: string): Promise<FollowState> {
    if (!(await this.deps.devices.byId(deviceId))) throw new AppError('not_found');
    await this.deps.rooms.unfollow(userId, deviceId);
    return { followed: false, followers: await this.deps.rooms.followers(deviceId) };
  }
}
