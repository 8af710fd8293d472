import { describe, expect, it } from 'vitest';
import type { SettingsRepository } from './repository';
import { ConfigurationService, DEFAULT_SETTINGS } from './service';

/** Settings in memory; `hold()` keeps the next read waiting until released. */
class FakeSettings {
  value: unknown;
  reads = 0;
  private gate: Promise<void> | undefined;
  hold(): () => void {
    let release: () => void = () => undefined;
    this.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    return release;
  }
  async get(): Promise<unknown> {
    this.reads++;
    const seen = this.value;
    const gate = this.gate;
    this.gate = undefined;
    if (gate) await gate;
    return seen;
  }
  set(_key: string, value: unknown): Promise<void> {
    this.value = value;
    return Promise.resolve();
  }
  update<T>(_key: string, initial: unknown, change: (current: unknown) => T): Promise<T> {
    this.value = change(this.value ?? initial);
    return Promise.resolve(this.value as T);
  }
}

function service(store: FakeSettings, cacheMs?: number) {
  return new ConfigurationService({
    settings: store as unknown as SettingsRepository,
    statistics: {
      statistics: () =>
        Promise.resolve({ devices_deployed: 0, animals_helped: 0, total_feeders: 0, total_food_grams: 0 }),
    },
    assetHost: '',
    oauth: { google: false, facebook: false },
    ...(cacheMs === undefined ? {} : { cacheMs }),
  });
}

describe('ConfigurationService settings', () => {
  it('are the defaults until saved, then what was saved (the rest kept), at once', async () => {
    const store = new FakeSettings();
    const config = service(store);
    expect(await config.settings()).toEqual(DEFAULT_SETTINGS);
    const portions = [{ grams: 5, coins: 5 }];
    await config.patchSettings({ feeding_portions: portions });
    const after = await config.forClient('en');
    expect(after.feeding_portions).toEqual(portions);
    expect(after.recharge_packages).toEqual(DEFAULT_SETTINGS.recharge_packages);
  });

  it('keeps them in memory by default and reads every time with cacheMs 0', async () => {
    const store = new FakeSettings();
    const cached = service(store);
    await cached.settings();
    await cached.settings();
    expect(store.reads).toBe(1);
    const uncached = service(store, 0);
    await uncached.settings();
    await uncached.settings();
    expect(store.reads).toBe(3);
  });

  it('never caches a read that started before an edit', async () => {
    const store = new FakeSettings();
    const config = service(store);
    const release = store.hold();
    const stale = config.settings();
    const portions = [{ grams: 7, coins: 7 }];
    await config.patchSettings({ feeding_portions: portions });
    release();
    expect((await stale).feeding_portions).toEqual(DEFAULT_SETTINGS.feeding_portions);
    expect((await config.settings()).feeding_portions).toEqual(portions);
  });
});
