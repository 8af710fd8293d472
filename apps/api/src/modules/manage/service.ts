import type {
  EarningsFigure,
  ManageDeviceListData,
  ManagedBase,
  ManagedBaseListData,
  ManagedBaseLocationBody,
  ManageSummary,
} from '@petheart/contracts';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { dayNumber, startOfUtcDay } from '../../lib/time';
import { publicLocation } from '../base/location-policy';
import type { Balance } from '../ledger/presenter';
import type { OperatorGate } from './gate';
import type { DeviceFeedStats, ManagedBaseRow, ManageRepository } from './repository';

const NO_FEEDS: DeviceFeedStats = {
  feedsToday: 0,
  feedsTotal: 0,
  revenueToday: 0,
  revenueTotal: 0,
};

export interface ManageServiceDeps {
  repo: ManageRepository;
  gate: OperatorGate;
  /** Grams fed per device (since a time when given): FedGramsRepository, the one definition (issue 28 §3). */
  fedGrams: (deviceIds: string[], since?: Date) => Promise<Map<string, number>>;
  /** The user's earnings account (LedgerService.balances(userId).earnings). */
  earnings: (userId: number) => Promise<Balance>;
  /** Successful cash-outs so far: coins paid out and the net amount (fen). */
  cashedOut: (userId: number) => Promise<{ coins: number; net: number }>;
  /** What a coin is worth now, fen (the cash-out settings). */
  coinValue: () => Promise<number>;
  currency: string;
  clock: Clock;
}

/** A base as its operator sees it: the exact location, and what everyone else sees (decision 037). */
function toManagedBase(b: ManagedBaseRow): ManagedBase {
  const shown = publicLocation(b);
  return {
    id: b.id,
    name: b.name,
    address: b.address,
    latitude: b.latitude,
    longitude: b.longitude,
    location_public: b.locationPublic,
    public_address: shown.address,
    public_latitude: shown.latitude,
    public_longitude: shown.longitude,
  };
}

/** The base operator's device management and revenue (GET-like POSTs under /api/manage). */
export class ManageService {
  constructor(private readonly deps: ManageServiceDeps) {}

  async devices(userId: number, page: { page: number; limit: number }): Promise<ManageDeviceListData> {
    await this.deps.gate.require(userId);
    const now = this.deps.clock.now();
    const { rows, total } = await this.deps.repo.devicesOf(userId, page);
    const ids = rows.map((r) => r.id);
    const today = startOfUtcDay(now);
    const [stats, gramsTotal, gramsToday] = await Promise.all([
      this.deps.repo.feedStats(ids, userId, today),
      this.deps.fedGrams(ids),
      this.deps.fedGrams(ids, today),
    ]);
    const list = rows.map((d) => {
      const s = stats.get(d.id) ?? NO_FEEDS;
      return {
        device_id: d.id,
        name: d.name,
        base_id: d.baseId,
        base_name: d.baseName,
        days_in_operation: dayNumber(d.firstOnlineAt, now),
        revenue_share_bp: d.revenueShareBp,
        revenue_share: s.revenueTotal,
        revenue_share_today: s.revenueToday,
        online: d.feederOnline || d.cameraOnline,
        feeder_online: d.feederOnline,
        camera_online: d.cameraOnline,
        disabled: d.disabled,
        feeds_today: s.feedsToday,
        feeds_total: s.feedsTotal,
        grams_today: gramsToday.get(d.id) ?? 0,
        grams_total: gramsTotal.get(d.id) ?? 0,
      };
    });
    return { list, total, page: page.page, limit: page.limit };
  }

  async summary(userId: number): Promise<ManageSummary> {
    await this.deps.gate.require(userId);
    const today = startOfUtcDay(this.deps.clock.now());
    const [earnings, revenue, fleet, cashedOut, coinValue] = await Promise.all([
      this.deps.earnings(userId),
      this.deps.repo.revenue(userId, today),
      this.deps.repo.fleetOf(userId),
      this.deps.cashedOut(userId),
      this.deps.coinValue(),
    ]);
    const figure = (coins: number): EarningsFigure => ({ coins, amount: coins * coinValue });
    return {
      balance: figure(earnings.balance),
      available: figure(earnings.available),
      held: figure(earnings.held),
      revenue_today: figure(revenue.today),
      revenue_total: figure(revenue.total),
      cashed_out: { coins: cashedOut.coins, amount: cashedOut.net },
      base_count: fleet.bases,
      device_count: fleet.devices,
      online_count: fleet.online,
      coin_value: coinValue,
      currency: this.deps.currency,
    };
  }

  /** The operator's bases with their exact location and whether it is published. */
  async bases(userId: number): Promise<ManagedBaseListData> {
    await this.deps.gate.require(userId);
    return { list: (await this.deps.repo.basesOf(userId)).map(toManagedBase) };
  }

  /** Publishes the exact location of one of the operator's bases, or keeps it coarse (others' bases: not_found). */
  async setLocationPublic(userId: number, body: ManagedBaseLocationBody): Promise<ManagedBase> {
    await this.deps.gate.require(userId);
    const row = await this.deps.repo.setLocationPublic(userId, body.base_id, body.location_public);
    if (!row) throw new AppError('not_found');
    return toManagedBase(row);
  }
}
