import type { EarningsFigure, ManageDeviceListData, ManageSummary } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { dayNumber, startOfUtcDay } from '../../lib/time';
import type { Balance } from '../ledger/presenter';
import type { OperatorGate } from './gate';
import type { DeviceFeedStats, ManageRepository } from './repository';

const NO_FEEDS: DeviceFeedStats = {
  feedsToday: 0,
  feedsTotal: 0,
  gramsToday: 0,
  gramsTotal: 0,
  revenueToday: 0,
  revenueTotal: 0,
};

export interface ManageServiceDeps {
  repo: ManageRepository;
  gate: OperatorGate;
  /** The user's earnings account (LedgerService.balances(userId).earnings). */
  earnings: (userId: number) => Promise<Balance>;
  /** Successful cash-outs so far: coins paid out and the net amount (fen). */
  cashedOut: (userId: number) => Promise<{ coins: number; net: number }>;
  /** What a coin is worth now, fen (the cash-out settings). */
  coinValue: () => Promise<number>;
  currency: string;
  clock: Clock;
}

/** The base operator's device management and revenue (GET-like POSTs under /api/manage). */
export class ManageService {
  constructor(private readonly deps: ManageServiceDeps) {}

  async devices(userId: number, page: { page: number; limit: number }): Promise<ManageDeviceListData> {
    await this.deps.gate.require(userId);
    const now = this.deps.clock.now();
    const { rows, total } = await this.deps.repo.devicesOf(userId, page);
    const stats = await this.deps.repo.feedStats(
      rows.map((r) => r.id),
      userId,
      startOfUtcDay(now),
    );
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
        grams_today: s.gramsToday,
        grams_total: s.gramsTotal,
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
}
