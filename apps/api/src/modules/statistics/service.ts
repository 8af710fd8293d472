import type { AppConfig } from '@petheart/contracts';
import type { Clock } from '../../clock';
import type { StatisticsSource } from '../configuration/service';

export interface StatisticsDeps {
  devices: { countDeployed(): Promise<number> };
  clock: Clock;
  /** How long computed figures are reused: getConfiguration is a hot read. */
  cacheMs: number;
}

type Statistics = AppConfig['statistics'];

/**
 * Aggregate statistics for the home page. Devices deployed counts provisioned, enabled devices. Feeders,
 * grams and animals helped come from acknowledged feeds, which arrive with the coins-and-feeding work:
 * until then they are honestly zero.
 */
export class StatisticsService implements StatisticsSource {
  private cached: { value: Statistics; until: number } | undefined;

  constructor(private readonly deps: StatisticsDeps) {}

  async statistics(): Promise<Statistics> {
    const now = this.deps.clock.now().getTime();
    if (this.cached && this.cached.until > now) return this.cached.value;
    const value: Statistics = {
      devices_deployed: await this.deps.devices.countDeployed(),
      animals_helped: 0,
      total_feeders: 0,
      total_food_grams: 0,
    };
    this.cached = { value, until: now + this.deps.cacheMs };
    return value;
  }
}
