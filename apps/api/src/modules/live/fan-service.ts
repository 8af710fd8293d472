import type { FanListData, FanMembership } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { utcDate } from '../../lib/time';
import type { DeviceRepository } from '../device/repository';
import { earnFanPoints, toFanMembership, type FanActivity } from './fan-points';
import type { FanRepository, FanRow } from './fan-repository';
import { requireRoom } from './policy';
import { toFanMember } from './presenter';

export interface FanServiceDeps {
  fans: FanRepository;
  devices: Pick<DeviceRepository, 'byId'>;
  clock: Clock;
}

/** A room's fan group: join, members by points, and the points members earn. */
export class FanService {
  constructor(private readonly deps: FanServiceDeps) {}

  /** Joins the fan group (idempotent: a member keeps their points). */
  async join(userId: number, deviceId: string): Promise<FanMembership> {
    await requireRoom(this.deps.devices, deviceId);
    return toFanMembership(await this.deps.fans.join(deviceId, userId, this.deps.clock.now()));
  }

  async list(q: { device_id: string; page: number; limit: number }): Promise<FanListData> {
    await requireRoom(this.deps.devices, q.device_id);
    const [rows, total] = await Promise.all([this.deps.fans.list(q.device_id, q), this.deps.fans.count(q.device_id)]);
    return { list: rows.map(toFanMember), total, page: q.page, limit: q.limit };
  }

  count(deviceId: string): Promise<number> {
    return this.deps.fans.count(deviceId);
  }

  /** The user's membership as they open the room, with the day's visit point; null when not a member. */
  async visit(userId: number, deviceId: string): Promise<FanMembership | null> {
    const row = await this.earn(userId, deviceId, 'visit');
    return row ? toFanMembership(row) : null;
  }

  /**
   * Points for activities of users known to be members (the feed's settlement reads which of its feeders
   * are, in its own statement): one after another, so a member's several feeds each count.
   */
  async earnEach(activities: { userId: number; deviceId: string }[], activity: FanActivity): Promise<void> {
    for (const a of activities) await this.earn(a.userId, a.deviceId, activity);
  }

  /**
   * Adds the points an activity earns (see earnFanPoints). Written compare-and-set, so two requests at
   * once cannot both earn the same daily point; answers the member's row, undefined for a non-member.
   */
  async earn(userId: number, deviceId: string, activity: FanActivity): Promise<FanRow | undefined> {
    const today = utcDate(this.deps.clock.now());
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await this.deps.fans.get(deviceId, userId);
      if (!row) return undefined;
      const next = earnFanPoints(row, activity, today);
      if (!next) return row;
      if (await this.deps.fans.setPoints(deviceId, userId, row, next)) return { ...row, ...next };
    }
    // Lost every race (someone else earned for this member meanwhile): the current row stands.
    return this.deps.fans.get(deviceId, userId);
  }
}
