import type {
  DeviceAlertListBody,
  DeviceAlertListData,
  DeviceHealth,
  DeviceRefill,
  DeviceRefillBody,
} from '@petheart/contracts';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { StationLink } from '../device/ports';
import { CARE_TTL_MS } from '../device/care';
import { toAlert, toHealth, toRefill } from './presenter';
import type { StationCareRepository } from './repository';

export interface StationCareDeps {
  repo: StationCareRepository;
  link: StationLink;
  clock: Clock;
  /** Throws not_operator unless the user is a base operator. */
  requireOperator(userId: number): Promise<void>;
}

/** Who asks: an admin (any station) or a base operator (the stations of their bases). */
export type CareViewer = { admin: true } | { admin: false; userId: number };

/**
 * Looking after stations (issue 27 §4): a station's health, its refills (the estimated hopper on the station is
 * told, so its level follows), and the alerts, for admins and for each base's operator.
 */
export class StationCareService {
  constructor(private readonly deps: StationCareDeps) {}

  async health(viewer: CareViewer, deviceId: string): Promise<DeviceHealth> {
    const figures = await this.visible(viewer, deviceId);
    const [alerts, refills] = await Promise.all([
      this.deps.repo.openAlerts(deviceId),
      this.deps.repo.refills(deviceId, 5),
    ]);
    return toHealth(figures, alerts, refills);
  }

  /** Records a refill and tells the station (its answer comes later: the refill's status follows it). */
  async refill(viewer: CareViewer, userId: number, body: DeviceRefillBody): Promise<DeviceRefill> {
    await this.visible(viewer, body.device_id);
    const issued = await this.deps.link.issue(
      body.device_id,
      { kind: 'refill', grams: body.grams },
      { ttlMs: CARE_TTL_MS.refill, issuedBy: userId },
    );
    const id = await this.deps.repo.addRefill({
      deviceId: body.device_id,
      grams: body.grams,
      photo: body.photo,
      recordedBy: userId,
      commandId: issued.id,
    });
    const row = await this.deps.repo.refillById(id);
    if (!row) throw new AppError('not_found');
    return toRefill(row);
  }

  async alerts(viewer: CareViewer, q: DeviceAlertListBody): Promise<DeviceAlertListData> {
    if (!viewer.admin) await this.deps.requireOperator(viewer.userId);
    const { rows, total } = await this.deps.repo.alerts({
      ...q,
      ...(viewer.admin ? {} : { operatorId: viewer.userId }),
    });
    return { list: rows.map(toAlert), total, page: q.page, limit: q.limit };
  }

  /** The station's figures, when the viewer may see it (an operator: only their bases'; others: not found). */
  private async visible(viewer: CareViewer, deviceId: string) {
    if (!viewer.admin) await this.deps.requireOperator(viewer.userId);
    const figures = await this.deps.repo.health(deviceId, new Date(this.deps.clock.now()));
    if (!figures || (!viewer.admin && figures.operatorId !== viewer.userId)) throw new AppError('not_found');
    return figures;
  }
}
