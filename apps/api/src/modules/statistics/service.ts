import type { AppConfig } from '@petheart/contracts';
import type { Clock } from '../../lib/clock';
import { CachedValue } from '../../lib/cached-value';
import type { StatisticsSource } from '../configuration/service';

export interface StatisticsDeps {
  devices: { countDeployed(): Promise<number> };
  /** What the acknowledged feeds add up to (decision 012). */
  feeds: { totals(): Promise<{ feeders: number; animals: number }> };
  /** The grams fed in all: FedGramsRepository, the one definition every screen shows (issue 28 §3). */
  fedGrams: () => Promise<number>;
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
  /** Read at most once per `cacheMs` (one read for all who ask meanwhile); the same object in between. */
  private readonly figures: CachedValue<Statistics>;

  constructor(deps: StatisticsDeps) {
    this.figures = new CachedValue(
      async () => {
        const [deployed, fed, grams] = await Promise.all([
          deps.devices.countDeployed(),
          deps.feeds.totals(),
          deps.fedGrams(),
        ]);
        return {
          devices_deployed: deployed,
          animals_helped: fed.animals,
          total_feeders: fed.feeders,
          total_food_grams: grams,
        };
      },
      deps.cacheMs,
      () => deps.clock.now().getTime(),
    );
  }

  statistics(): Promise<Statistics> {
    return this.figures.get();
  }
}
