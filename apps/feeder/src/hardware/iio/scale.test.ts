import { ScaleConfigSchema } from '@petheart/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../clock';
import { FakeIioTree, ObservedClock } from './fake-iio';
import { IioChannel, createScale, median } from './index';
import type { Calibration } from './load-cell';
import { Hx711Scale } from './scale';

const DEV = 'iio:device0';
const RAW = 'in_voltage0_raw';
let tree: FakeIioTree;

beforeEach(async () => {
  tree = await FakeIioTree.create();
  await tree.addDevice(DEV, 'hx711', { [RAW]: 0 });
});
afterEach(async () => {
  vi.useRealTimers();
  await tree.remove();
});

const scaleWith = (calibration: Calibration, settleMs = 0, clock = new ObservedClock(systemClock), samples = 5) =>
  new Hx711Scale({
    reader: new IioChannel({ root: tree.root, device: DEV, channel: RAW, clock, readText: tree.readText }),
    calibration,
    samples,
    settleMs,
    clock,
  });

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 900, 3, 4])).toBe(4);
    expect(median([10, 2, 4, 1000])).toBe(7);
    expect(() => median([])).toThrow();
  });
});

describe('Hx711Scale', () => {
  it('tares on the median of its samples and measures grams with the calibration', async () => {
    const config = ScaleConfigSchema.parse({ kind: 'hx711', device: 'hx711', counts_per_gram: 100, settle_ms: 0 });
    if (config.kind !== 'hx711') throw new Error('hx711 expected');
    const scale = createScale(config, { iioRoot: tree.root, readText: tree.readText });
    tree.set(DEV, RAW, 50_000); // the empty tray
    await scale.tare();
    expect(tree.reads(DEV, RAW)).toBe(7); // the schema's default samples
    expect(scale.calibration).toEqual({ zero: 50_000, counts_per_gram: 100 });
    tree.set(DEV, RAW, 54_250);
    expect(await scale.measure()).toBe(42.5);
    expect(await scale.sample()).toBe(42.5);
  });

  it('ignores one wild reading among the samples', async () => {
    const scale = scaleWith({ zero: 1000, counts_per_gram: 100 });
    tree.queue(DEV, RAW, 2000, 2010, 9_999_999, 1990, 2000);
    expect(await scale.measure()).toBe(10);
  });

  it('waits settle_ms before a measurement, but not for a quick sample', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const clock = new ObservedClock(systemClock);
    const scale = scaleWith({ zero: 0, counts_per_gram: 10 }, 400, clock);
    tree.set(DEV, RAW, 300);

    const timer = clock.nextTimer();
    let grams: number | undefined;
    const measuring = scale.measure().then((g) => (grams = g));
    expect(await timer).toBe(400);
    await vi.advanceTimersByTimeAsync(399);
    expect(tree.reads(DEV, RAW)).toBe(0);
    expect(grams).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await measuring).toBe(30);
    expect(tree.reads(DEV, RAW)).toBe(5);

    expect(await scale.sample()).toBe(30);
    expect(tree.reads(DEV, RAW)).toBe(6);
    expect(clock.delays).toEqual([400]);
  });

  it('calibrates from a known weight placed after a tare', async () => {
    // Counts fall as weight rises on a cell mounted the other way.
    const scale = scaleWith({ zero: 0, counts_per_gram: 1 });
    tree.set(DEV, RAW, 8000);
    await scale.tare();
    await expect(scale.calibrate(250)).rejects.toThrow('did not change since the tare');
    tree.set(DEV, RAW, 8000 - 250 * 37.5);
    expect(await scale.calibrate(250)).toEqual({ zero: 8000, counts_per_gram: -37.5 });
    tree.set(DEV, RAW, 8000 - 100 * 37.5);
    expect(await scale.measure()).toBe(100);
    await expect(scale.calibrate(0)).rejects.toThrow('above 0 g');

    // A calibration the agent saved comes back through the setter.
    const restarted = scaleWith({ zero: 0, counts_per_gram: 1 });
    restarted.calibration = scale.calibration;
    expect(await restarted.measure()).toBe(100);
    expect(() => (restarted.calibration = { zero: 0, counts_per_gram: 0 })).toThrow('other than 0');
  });
});
