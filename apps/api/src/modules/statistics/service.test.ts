import { describe, expect, it } from 'vitest';
import { StatisticsService } from './service';

describe('StatisticsService', () => {
  it('reports deployed devices and the feeds’ totals, reusing the figures until the cache runs out', async () => {
    let now = 0;
    let deployed = 3;
    let totals = { feeders: 2, animals: 40 };
    let grams = 150;
    let queries = 0;
    const service = new StatisticsService({
      devices: {
        countDeployed: () => {
          queries += 1;
          return Promise.resolve(deployed);
        },
      },
      feeds: { totals: () => Promise.resolve(totals) },
      fedGrams: () => Promise.resolve(grams),
      clock: { now: () => new Date(now) },
      cacheMs: 1000,
    });
    expect(await service.statistics()).toEqual({
      devices_deployed: 3,
      animals_helped: 40,
      total_feeders: 2,
      total_food_grams: 150,
    });
    deployed = 4;
    totals = { feeders: 3, animals: 45 };
    grams = 160;
    now = 999;
    expect((await service.statistics()).devices_deployed).toBe(3);
    expect((await service.statistics()).total_food_grams).toBe(150);
    now = 1000;
    expect(await service.statistics()).toEqual({
      devices_deployed: 4,
      animals_helped: 45,
      total_feeders: 3,
      total_food_grams: 160,
    });
    expect(queries).toBe(2);
  });
});
