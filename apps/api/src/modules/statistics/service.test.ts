import { describe, expect, it } from 'vitest';
import { StatisticsService } from './service';

describe('StatisticsService', () => {
  it('counts deployed devices and reuses the figures until the cache runs out', async () => {
    let now = 0;
    let deployed = 3;
    let queries = 0;
    const service = new StatisticsService({
      devices: {
        countDeployed: () => {
          queries += 1;
          return Promise.resolve(deployed);
        },
      },
      clock: { now: () => new Date(now) },
      cacheMs: 1000,
    });
    expect((await service.statistics()).devices_deployed).toBe(3);
    deployed = 4;
    now = 999;
    expect((await service.statistics()).devices_deployed).toBe(3);
    now = 1000;
    expect((await service.statistics()).devices_deployed).toBe(4);
    expect(queries).toBe(2);
  });
});
