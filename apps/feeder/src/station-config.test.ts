import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DailyGrams, utcDay } from './daily-grams';
import { StationConfig, dispenseRefusal } from './station-config';
import { deviceConfig } from './test-support/commands';
import { collectingLogger } from './test-support/collecting-logger';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'station-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('dispenseRefusal', () => {
  const config = deviceConfig(4, [10, 30, 20], 100);

  it('allows anything the schema allows without a config', () => {
    expect(dispenseRefusal(undefined, 500, 10_000)).toBeUndefined();
  });

  it('refuses more than the largest portion', () => {
    expect(dispenseRefusal(config, 30, 0)).toBeUndefined();
    expect(dispenseRefusal(config, 31, 0)).toBe('31 g is above the largest portion (30 g) of config 4');
  });

  it('refuses what would pass the daily cap, allowing up to it', () => {
    expect(dispenseRefusal(config, 30, 70)).toBeUndefined();
    expect(dispenseRefusal(config, 30, 71)).toBe('30 g would pass the daily cap of 100 g (71 g dispensed today, UTC)');
  });

  it('sets no portion limit for a config without portions, but keeps the cap', () => {
    const bare = deviceConfig(1, [], 50);
    expect(dispenseRefusal(bare, 50, 0)).toBeUndefined();
    expect(dispenseRefusal(bare, 51, 0)).toMatch(/daily cap of 50 g/);
  });
});

describe('StationConfig', () => {
  it('takes only newer versions, keeps them on disk (renamed into place) and loads them again', async () => {
    const file = path.join(dir, 'd.config.json');
    const logger = collectingLogger();
    const config = await StationConfig.open(file, logger);
    expect(config.version).toBe(0);
    expect(config.current).toBeUndefined();
    const v2 = deviceConfig(2, [10], 100);
    const offered = config.offer(v2);
    expect(offered.applied).toBe(true);
    expect(config.current).toEqual(v2); // at once, before the write
    if (offered.applied) await offered.saved;
    expect(config.offer(deviceConfig(2, [20], 5)).applied).toBe(false);
    expect(config.offer(deviceConfig(1, [20], 5)).applied).toBe(false);
    expect(config.current).toEqual(v2);
    await config.close();
    expect(await readdir(dir)).toEqual(['d.config.json']); // no temp file left
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(v2);
    expect((await StationConfig.open(file, logger)).current).toEqual(v2);
  });

  it('ignores a file that is not a valid config, and says so', async () => {
    const file = path.join(dir, 'd.config.json');
    await writeFile(file, JSON.stringify({ version: 'x' }));
    const logger = collectingLogger();
    expect((await StationConfig.open(file, logger)).version).toBe(0);
    expect(logger.warnings).toEqual(['station config file invalid, ignored']);
  });
});

describe('DailyGrams', () => {
  it('counts the grams of the UTC day, starts a new day at 0 and survives a reopen', async () => {
    const file = path.join(dir, 'd.daily.json');
    const logger = collectingLogger();
    const day = Date.UTC(2025, 2, 1, 23, 59, 0);
    const grams = await DailyGrams.open(file, logger);
    expect(grams.today(day)).toBe(0);
    await grams.add(day, 20);
    await grams.add(day + 30_000, 15);
    expect(grams.today(day)).toBe(35);
    const next = Date.UTC(2025, 2, 2, 0, 0, 1);
    expect(grams.today(next)).toBe(0);
    await grams.close();
    const reopened = await DailyGrams.open(file, logger);
    expect(reopened.today(day)).toBe(35);
    await reopened.add(next, 5);
    expect(reopened.today(next)).toBe(5);
    expect(reopened.today(day)).toBe(0);
    expect(utcDay(next)).toBe('2025-03-02');
    await reopened.close();
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ day: '2025-03-02', grams: 5 });
  });
});
