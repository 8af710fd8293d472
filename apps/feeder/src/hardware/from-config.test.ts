import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StationFileSchema, type StationFileInput } from '@petheart/contracts';
import { systemClock } from '../clock';
import { dispense } from '../dispense';
import { silentLogger } from '../logger';
import { PhysicalStation } from '../test-support/physical-station';
import { createStationHardware } from './from-config';
import { FakeLineDriver } from './gpio';
import { FakeIioTree } from './iio/fake-iio';

const ZERO = 120_000;
const COUNTS_PER_GRAM = 400;

const relayStation = (over: Partial<StationFileInput['hardware']> = {}): StationFileInput => ({
  version: 1,
  device: 'PH-0042',
  secret: 's'.repeat(32),
  broker: 'mqtt://127.0.0.1:1883',
  hardware: {
    // 10 ms a gram: the physical auger below moves 100 g/s.
    motor: { kind: 'relay', gpio: { line: 17 }, ms_per_gram: 10, jam: { window_ms: 150, min_rise_grams: 1 } },
    scale: { kind: 'hx711', counts_per_gram: COUNTS_PER_GRAM, zero: ZERO, samples: 5, settle_ms: 20 },
    hopper: { kind: 'estimated', capacity_grams: 1000 },
    ...over,
  },
});

/** A relay station file run by the real drivers, over fakes of the kernel's GPIO and IIO interfaces. */
describe('a station file with real parts', () => {
  let tree: FakeIioTree;
  let stateDir: string;
  let lines: FakeLineDriver;
  let physics: PhysicalStation;

  beforeEach(async () => {
    tree = await FakeIioTree.create();
    await tree.addDevice('iio:device0', 'hx711', { in_voltage0_raw: ZERO });
    stateDir = await mkdtemp(path.join(tmpdir(), 'station-state-'));
    lines = new FakeLineDriver(systemClock);
    physics = new PhysicalStation(lines, {
      clock: systemClock,
      motorLine: { chip: 'gpiochip0', line: 17, active_low: false },
      gramsPerSecond: 100,
      zero: ZERO,
      countsPerGram: COUNTS_PER_GRAM,
      seed: 3,
    });
  });
  afterEach(async () => {
    await tree.remove();
    await rm(stateDir, { recursive: true, force: true });
  });

  const build = (file: StationFileInput) =>
    createStationHardware(StationFileSchema.parse(file), {
      deviceId: 'PH-0042',
      stateDir,
      logger: silentLogger,
      ffmpegPath: () => 'ffmpeg',
      ...physics.kernel(tree),
    });

  it('dispenses through the relay, weighs what fell on the HX711, and the estimated hopper follows', async () => {
    const station = await build(relayStation());
    const result = await dispense(station.hardware, 20);
    expect(result.outcome).toBe('dispensed');
    // What the scale says is what fell (to a gram), and the auger's ±5 % keeps it near what was asked.
    expect(Math.abs(result.grams - physics.trueGrams())).toBeLessThanOrEqual(1);
    expect(result.grams).toBeGreaterThanOrEqual(18);
    expect(result.grams).toBeLessThanOrEqual(22);
    const motor = lines.edges.filter((e) => e.line === 'gpiochip0:17');
    expect(motor.map((e) => e.value)).toEqual([1, 'released']);
    const [on, off] = motor;
    expect((off?.at ?? 0) - (on?.at ?? 0)).toBeGreaterThanOrEqual(200);
    expect(await station.hardware.hopper.level()).toBe(1000 - result.grams);
    await station.close();
  });

  it('declares a jam when the scale stops rising, and switches the motor off early', async () => {
    const station = await build(relayStation());
    physics.jammed = true;
    const result = await dispense(station.hardware, 100);
    expect(result).toEqual({ outcome: 'jammed', grams: 0 });
    const motor = lines.edges.filter((e) => e.line === 'gpiochip0:17');
    const [on, off] = motor;
    // 100 g would run 1 s; the jam stops it after about one window.
    expect((off?.at ?? 0) - (on?.at ?? 0)).toBeLessThan(600);
    expect(lines.held).toEqual([]);
    await station.close();
  });

  it('keeps the hopper estimate across a restart of the agent', async () => {
    const first = await build(relayStation());
    const { grams } = await dispense(first.hardware, 30);
    await first.close();
    const second = await build(relayStation());
    expect(await second.hardware.hopper.level()).toBe(1000 - grams);
    await second.close();
  });
});
