import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION, AppConfigSchema } from '@petheart/contracts';
import { createTestApi, okData, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('POST /api/configuration/getConfiguration', () => {
  it('answers the app configuration to a tourist, support types in the request’s language', async () => {
    const en = okData(await api.post('/api/configuration/getConfiguration'), AppConfigSchema);
    expect(en.version).toBe(APP_VERSION);
    expect(en.theme_color).toBe('#54BDFF');
    expect(en.recharge_packages.length).toBeGreaterThan(0);
    expect(en.oauth).toEqual({ google: false, facebook: false });
    const ja = okData(await api.post('/api/configuration/getConfiguration', {}, { lang: 'ja' }), AppConfigSchema);
    expect(ja.support_types.map((t) => t.name)).not.toEqual(en.support_types.map((t) => t.name));
  });

  it('counts the seeded, enabled devices as deployed', async () => {
    const config = okData(await api.post('/api/configuration/getConfiguration'), AppConfigSchema);
    expect(config.statistics.devices_deployed).toBeGreaterThanOrEqual(4);
  });
});
