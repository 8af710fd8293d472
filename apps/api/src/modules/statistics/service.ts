import type { AppConfig } from '@petheart/contracts';
import type { Clock } from '../../clock';
import type { StatisticsSource } from '../configuration/service';

export interface StatisticsDeps {
  devices: { countDeployed(): Promise<number> };
  /** What the acknowledged feeds add up to (decision 012). */
  feeds: { totals(): Promise<{ feeders: number; grams: number; animals: number }> };
  clock: Clock;
  /** How long computed figures are reused: getConfiguration is a hot read. */
  cacheMs: number;
}

type Statistics = AppConfig['statistics'];

/**
 * Aggregate statistics for the home page (PRODUCT.md §7): devices deployed = provisioned, enabled devices;
 * total feeders = distinct users with a posted feed (acknowledged and charged); total food = grams the
 * devices acknowledged; animals helped = the animal counts of the bases that received food, added up.
 */
export class StatisticsService implements StatisticsSource {
  private cached: { value: Statistics; until: number } | undefined;

  constructor(private readonly deps: StatisticsDeps) {}

  async statistics(): Promise<Statistics> {
    const now = this.deps.clock.now().getTime();
    if (this.cached && this.cached.until > now) return this.cached.value;
    const [deployed, fed] = await Promise.all([this.deps.devices.countDeployed(), this.deps.feeds.totals()]);
    const value: Statistics = {
      devices_deployed: deployed,
      animals_helped: fed.animals,
      total_feeders: fed.feeders,
      total_food_grams: fed.grams,
    };
    this.cached = { value, until: now + this.deps.cacheMs };
    return value;
  }
}
