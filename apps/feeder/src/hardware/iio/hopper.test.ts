import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HopperConfigSchema } from '@petheart/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../clock';
import type { Logger } from '../../logger';
import { EstimatedHopper, HOPPER_LEVEL_FILE } from './estimated-hopper';
import { FakeIioTree, ObservedClock } from './fake-iio';
import { Hx711Hopper } from './hx711-hopper';
import { IioChannel } from './iio';
import { createHopper } from './index';

const DEV = 'iio:device0';
const RAW = 'in_voltage1_raw';
let stateDir: string;
let tree: FakeIioTree;

beforeEach(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'hopper-'));
  tree = await FakeIioTree.create();
  await tree.addDevice(DEV, 'hx711', { [RAW]: 0 });
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(stateDir, { recursive: true, force: true });
  await tree.remove();
});

const saved = async (): Promise<unknown> => JSON.parse(await readFile(path.join(stateDir, HOPPER_LEVEL_FILE), 'utf8'));

describe('EstimatedHopper', () => {
  it('starts full, keeps its level across a restart, and tells listeners about a refill', async () => {
    const config = HopperConfigSchema.parse({ kind: 'estimated', capacity_grams: 1000 });
    if (config.kind === 'sim') throw new Error('a real hopper expected');
    const first = await createHopper(config, { stateDir });
    expect(await first.level()).toBe(1000);
    first.recordDispensed(120);
    first.recordDispensed(-2); // a failed run read slightly negative
    first.recordDispensed(30.5);
    expect(await first.level()).toBe(849.5);
    await first.stop();
    expect(await saved()).toEqual({ level_grams: 849.5, capacity_grams: 1000 });
    expect(await readdir(stateDir)).toEqual([HOPPER_LEVEL_FILE]); // the tmp file was renamed into place

    const hopper = await EstimatedHopper.open({ capacity: 1000, stateDir });
    expect(await hopper.level()).toBe(849.5);
    const changed = vi.fn();
    hopper.onChange(changed);
    hopper.recordDispensed(5000);
    expect(await hopper.level()).toBe(0);
    expect(changed).not.toHaveBeenCalled();
    expect(await hopper.refill(300)).toBe(300);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(await saved()).toEqual({ level_grams: 300, capacity_grams: 1000 });
    expect(await hopper.refill(5000)).toBe(1000);
    hopper.recordDispensed(100);
    expect(await hopper.refill()).toBe(1000);
    expect(changed).toHaveBeenCalledTimes(3);

    // A smaller hopper fitted since: the saved level is clamped to it.
    hopper.recordDispensed(200);
    await hopper.stop();
    expect(await (await EstimatedHopper.open({ capacity: 500, stateDir })).level()).toBe(500);
  });

  it('takes an unreadable file as full and says so', async () => {
    await writeFile(path.join(stateDir, HOPPER_LEVEL_FILE), '{"level_grams": "lots"}');
    const warn = vi.fn();
    const logger: Logger = { info: vi.fn(), warn, error: vi.fn() };
    const hopper = await EstimatedHopper.open({ capacity: 800, stateDir, logger });
    expect(await hopper.level()).toBe(800);
    expect(warn).toHaveBeenCalledWith('hopper level file unreadable, assuming full', expect.any(Object));
  });
});

describe('Hx711Hopper', () => {
  const hopperWith = (clock: ObservedClock) =>
    new Hx711Hopper({
      reader: new IioChannel({ root: tree.root, device: DEV, channel: RAW, clock, readText: tree.readText }),
      calibration: { zero: 10_000, counts_per_gram: 20 },
      samples: 3,
      capacity: 2000,
      thresholdGrams: 50,
      clock,
    });
  const grams = (g: number) => 10_000 + g * 20;

  it('reads its level clamped to the hopper, and notices a refill but not noise or a dispense', async () => {
    const hopper = hopperWith(new ObservedClock(systemClock));
    const changed = vi.fn();
    hopper.onChange(changed);
    tree.set(DEV, RAW, grams(-3));
    expect(await hopper.level()).toBe(0);
    tree.set(DEV, RAW, grams(2500));
    expect(await hopper.level()).toBe(2000);

    tree.set(DEV, RAW, grams(600));
    await hopper.poll(); // the first reading only sets where it stands
    tree.set(DEV, RAW, grams(640)); // drift below the threshold
    await hopper.poll();
    hopper.recordDispensed(200);
    tree.set(DEV, RAW, grams(440));
    await hopper.poll();
    expect(changed).not.toHaveBeenCalled();
    tree.set(DEV, RAW, grams(380)); // food taken out beyond what was dispensed
    await hopper.poll();
    expect(changed).toHaveBeenCalledTimes(1);
    tree.set(DEV, RAW, grams(1900)); // refilled
    await hopper.poll();
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it('polls while started and tells listeners about a refill; stop() ends it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const clock = new ObservedClock(systemClock);
    const config = HopperConfigSchema.parse({
      kind: 'hx711',
      device: 'hx711',
      channel: RAW,
      capacity_grams: 2000,
      zero: 10_000,
      counts_per_gram: 20,
    });
    if (config.kind === 'sim') throw new Error('a real hopper expected');
    tree.set(DEV, RAW, grams(100));
    const firstPoll = clock.nextTimer();
    const hopper = await createHopper(config, { stateDir, iioRoot: tree.root, clock, readText: tree.readText });
    expect(await firstPoll).toBe(5000); // the first reading is done, the next one is due in 5 s

    const refilled = new Promise<void>((resolve) => hopper.onChange(resolve));
    tree.set(DEV, RAW, grams(1800));
    const secondPoll = clock.nextTimer();
    await vi.advanceTimersByTimeAsync(5000);
    await refilled;
    await secondPoll;

    await hopper.stop();
    const reads = tree.reads(DEV, RAW);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(tree.reads(DEV, RAW)).toBe(reads);
    expect(clock.delays).toEqual([5000, 5000]);
  });

  it('keeps polling through failed readings and logs once per failing stretch', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const clock = new ObservedClock(systemClock);
    const info = vi.fn();
    const warn = vi.fn();
    const logger: Logger = { info, warn, error: vi.fn() };
    const hopper = new Hx711Hopper({
      reader: new IioChannel({ root: tree.root, device: DEV, channel: RAW, clock, readText: tree.readText }),
      calibration: { zero: 0, counts_per_gram: 1 },
      samples: 1,
      capacity: 2000,
      pollMs: 1000,
      clock,
      logger,
    });
    tree.queue(DEV, RAW, { fail: 'EACCES' }, { fail: 'EACCES' });
    const polled = async () => {
      const next = clock.nextTimer();
      await vi.advanceTimersByTimeAsync(1000);
      await next;
    };
    const first = clock.nextTimer();
    hopper.start();
    await first;
    await polled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(info).not.toHaveBeenCalled();
    await polled();
    expect(info).toHaveBeenCalledWith('hopper load cell readable again');
    expect(tree.reads(DEV, RAW)).toBe(3);
    await hopper.stop();
  });
});
