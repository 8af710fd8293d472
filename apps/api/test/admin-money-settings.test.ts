import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminDeviceSchema,
  AppConfigSchema,
  ConsoleSettingsSchema,
  MESSAGES,
  PayRequestDataSchema,
} from '@petheart/contracts';
import { SettingsRepository } from '../src/modules/configuration/repository';
import { ConfigurationService, DEFAULT_SETTINGS } from '../src/modules/configuration/service';
import { DEMO, createTestApi, failure, loginToken, okData, type TestApi } from './harness';

let api: TestApi;
let admin: string;
let user: string;
beforeAll(async () => {
  api = await createTestApi({ serveWeb: false });
  admin = await loginToken(api, DEMO.admin.email, DEMO.admin.password);
  user = await loginToken(api, DEMO.user.email, DEMO.user.password);
});
afterAll(async () => {
  await api.close();
});

const settings = async () =>
  okData(await api.post('/api/admin/settings/get', {}, { token: admin }), ConsoleSettingsSchema);
const save = (body: unknown, lang = 'en') => api.post('/api/admin/settings/update', body, { token: admin, lang });
const appConfig = async () => okData(await api.post('/api/configuration/getConfiguration'), AppConfigSchema);

/** A promise and the function that resolves it. */
function signal(): [Promise<void>, () => void] {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return [promise, resolve];
}

/** Resolves once another session of this database waits for a lock (at once on PGlite: one session). */
async function waitingForRowLock(): Promise<void> {
  const { db, kind } = api.container.database;
  if (kind === 'pglite') return;
  for (let i = 0; i < 500; i++) {
    const result = await db.execute(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (Number((result as { rows: { n: number }[] }).rows[0]?.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the second editor neither read nor waited');
}

describe('the console settings', () => {
  it('are for admins only', async () => {
    for (const url of ['/api/admin/settings/get', '/api/admin/settings/update']) {
      failure(await api.post(url, {}), 401, 'login_required');
      failure(await api.post(url, {}, { token: user }), 403, 'forbidden');
    }
    expect(await settings()).toEqual({
      currency: 'CNY',
      recharge_packages: DEFAULT_SETTINGS.recharge_packages,
      feeding_portions: DEFAULT_SETTINGS.feeding_portions,
    });
  });

  it('saves recharge packages: getConfiguration and new orders use them at once, the portions stay', async () => {
    const before = await appConfig();
    const packages = before.recharge_packages.map((p) => (p.id === 2 ? { ...p, coins: 333, bonus: 7 } : p));
    const r = await save({ recharge_packages: [...packages, { id: 9, price: 1, coins: 1, bonus: 0 }] });
    expect(r.body.msg).toBe('Saved');
    const saved = okData(r, ConsoleSettingsSchema);
    expect(saved.recharge_packages.find((p) => p.id === 2)).toMatchObject({ coins: 333, bonus: 7 });
    expect(saved.feeding_portions).toEqual(before.feeding_portions);

    const after = await appConfig();
    expect(after.recharge_packages).toEqual(saved.recharge_packages);
    expect(after.feeding_portions).toEqual(before.feeding_portions);
    const order = okData(await api.post('/api/balance/Recharge', { id: 2 }, { token: user }), PayRequestDataSchema);
    expect(order.coins).toBe(340);
    // A package taken off sale can no longer be bought.
    okData(await save({ recharge_packages: packages.filter((p) => p.id !== 9) }), ConsoleSettingsSchema);
    failure(await api.post('/api/balance/Recharge', { id: 9 }, { token: user }), 404, 'payment_package_not_found');
  });

  it('saves the default portions: devices without their own offer them at once', async () => {
    const portions = [
      { grams: 15, coins: 12 },
      { grams: 30, coins: 22 },
    ];
    okData(await save({ feeding_portions: portions }), ConsoleSettingsSchema);
    expect((await appConfig()).feeding_portions).toEqual(portions);
    const detail = await api.post('/api/live/detail', { device_id: 'PH-0001' });
    expect((detail.body.data as { device: { portions: unknown } }).device.portions).toEqual(portions);
    expect((await settings()).recharge_packages.find((p) => p.id === 2)?.coins).toBe(333);
  });

  it('refuses what a payer or a feeder could not use, with the field and message in the request’s language', async () => {
    const { recharge_packages: packages } = await settings();
    const first = packages[0];
    if (!first) throw new Error('no package');
    const cases: [unknown, string, string][] = [
      [{ recharge_packages: [] }, 'recharge_packages', 'v.packagesRequired'],
      [{ recharge_packages: [first, { ...first }] }, 'recharge_packages.1.id', 'v.packageIdTaken'],
      [{ recharge_packages: [{ ...first, price: 0 }] }, 'recharge_packages.0.price', 'v.packagePrice'],
      [{ recharge_packages: [{ ...first, price: 12.5 }] }, 'recharge_packages.0.price', 'v.packagePrice'],
      [{ recharge_packages: [{ ...first, price: 1_000_001 }] }, 'recharge_packages.0.price', 'v.packagePrice'],
      [{ recharge_packages: [{ ...first, coins: 0 }] }, 'recharge_packages.0.coins', 'v.packageCoins'],
      [{ recharge_packages: [{ ...first, bonus: -1 }] }, 'recharge_packages.0.bonus', 'v.packageBonus'],
      [{ recharge_packages: [{ ...first, id: 0 }] }, 'recharge_packages.0.id', 'v.packageId'],
      [{ feeding_portions: [] }, 'feeding_portions', 'v.portionsRequired'],
      [{ feeding_portions: [{ grams: 501, coins: 1 }] }, 'feeding_portions.0.grams', 'v.portion'],
      [{ feeding_portions: [{ grams: 10, coins: 0 }] }, 'feeding_portions.0.coins', 'v.portion'],
      [
        {
          feeding_portions: [
            { grams: 10, coins: 1 },
            { grams: 10, coins: 2 },
          ],
        },
        'feeding_portions.1.grams',
        'v.portionDuplicate',
      ],
      [
        { feeding_portions: Array.from({ length: 11 }, (_, i) => ({ grams: i + 1, coins: 1 })) },
        'feeding_portions',
        'v.tooMany',
      ],
    ];
    const saved = await settings();
    for (const [body, path, key] of cases) {
      const refused = failure(await save(body, 'zh-CN'), 400, 'validation_failed');
      const field = refused.data.fields?.find((f) => f.path === path);
      expect(field?.message, `${path} ${JSON.stringify(body)}`).toBe(MESSAGES[key as keyof typeof MESSAGES]['zh-CN']);
    }
    expect(await settings()).toEqual(saved);
  });

  it('keeps both of two edits of different parts made at the same moment (the row is locked while edited)', async () => {
    const repository = new SettingsRepository(api.container.database.db);
    await repository.set('race', { a: 0, b: 0 });
    const [firstRead, read] = signal();
    const [gate, release] = signal();
    // The first editor has read the value and is still deciding when the second one starts.
    const first = repository.update('race', {}, async (current) => {
      read();
      await gate;
      return { ...(current as object), a: 1 };
    });
    await firstRead;
    const [readBySecond, secondRead] = signal();
    const second = repository.update('race', {}, (current) => {
      secondRead();
      return { ...(current as object), b: 1 };
    });
    // The first finishes once the second has read the value too (no lock), or waits for the row (PostgreSQL
    // shows the wait; PGlite runs one transaction at a time, so the second has not started).
    await Promise.race([readBySecond, waitingForRowLock()]);
    release();
    await Promise.all([first, second]);
    expect(await repository.get('race')).toEqual({ a: 1, b: 1 });

    const { recharge_packages: packages } = await settings();
    const portions = [{ grams: 12, coins: 9 }];
    const changed = packages.map((p) => ({ ...p, bonus: p.bonus + 1 }));
    await Promise.all([save({ recharge_packages: changed }), save({ feeding_portions: portions })]);
    expect(await settings()).toMatchObject({ recharge_packages: changed, feeding_portions: portions });
  });

  it('shows another API process’s edit at once on PostgreSQL (no cache), and from this process’s own edits here', async () => {
    const repository = new SettingsRepository(api.container.database.db);
    const statistics = api.container.services.statistics;
    const other = new ConfigurationService({
      settings: repository,
      statistics,
      assetHost: '',
      oauth: { google: false, facebook: false },
      cacheMs: 0,
    });
    const portions = [{ grams: 40, coins: 30 }];
    await other.patchSettings({ feeding_portions: portions });
    const uncached = new ConfigurationService({
      settings: repository,
      statistics,
      assetHost: '',
      oauth: { google: false, facebook: false },
      cacheMs: 0,
    });
    expect((await uncached.settings()).feeding_portions).toEqual(portions);
    okData(await save({ feeding_portions: [{ grams: 41, coins: 30 }] }), ConsoleSettingsSchema);
    expect((await uncached.settings()).feeding_portions).toEqual([{ grams: 41, coins: 30 }]);
  });
});

describe('a device’s own portions and daily gram cap', () => {
  it('are saved from the device form and checked with the contract’s messages', async () => {
    const r = await api.post(
      '/api/admin/device/update',
      { device_id: 'PH-0002', daily_gram_cap: 750, portions: [{ grams: 25, coins: 20 }] },
      { token: admin },
    );
    expect(okData(r, AdminDeviceSchema)).toMatchObject({
      daily_gram_cap: 750,
      portions: [{ grams: 25, coins: 20 }],
    });
    const cap = failure(
      await api.post(
        '/api/admin/device/update',
        { device_id: 'PH-0002', daily_gram_cap: 0 },
        { token: admin, lang: 'ja' },
      ),
      400,
      'validation_failed',
    );
    expect(cap.data.fields).toEqual([{ path: 'daily_gram_cap', message: MESSAGES['v.dailyGramCap'].ja }]);
    const portion = failure(
      await api.post(
        '/api/admin/device/update',
        { device_id: 'PH-0002', portions: [{ grams: 0, coins: 5 }] },
        { token: admin },
      ),
      400,
      'validation_failed',
    );
    expect(portion.data.fields?.[0]).toEqual({ path: 'portions.0.grams', message: MESSAGES['v.portion'].en });
    const list = await api.post('/api/admin/device/list', { keyword: 'PH-0002' }, { token: admin });
    expect((list.body.data as { list: { daily_gram_cap: number }[] }).list[0]?.daily_gram_cap).toBe(750);
  });
});
