import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { StationFileSchema } from '@petheart/contracts';
import { systemClock } from '../apps/feeder/src/clock';
import { dispense } from '../apps/feeder/src/dispense';
import { createStationHardware } from '../apps/feeder/src/hardware/from-config';
import { FakeLineDriver } from '../apps/feeder/src/hardware/gpio';
import { FakeIioTree } from '../apps/feeder/src/hardware/iio/fake-iio';
import { Hx711Scale } from '../apps/feeder/src/hardware/iio/scale';
import { silentLogger } from '../apps/feeder/src/logger';
import { PhysicalStation } from '../apps/feeder/src/test-support/physical-station';
import { arg } from './lib';

// Dispense accuracy of a calibrated relay station (issue 27): the real agent drivers (relay motor, HX711 over IIO,
// estimated hopper) over fakes of the kernel interfaces and a physical model of the auger: food falls at 100 g/s
// ±5 % per run, the HX711 reads 420 counts a gram with ±200 counts of noise. The scale is calibrated with a known
// 500 g weight, the motor with three 50 g test dispenses from a wrong first guess; then `--count` dispenses of
// 5–50 g are asked, and the scale's grams compared with what was asked and with what truly fell.
// Usage: npm run bench:station-accuracy -w bench [-- --count 200 --seed 7]

const count = arg('count', 200);
const seed = arg('seed', 7);
const ZERO = 130_000;
const COUNTS_PER_GRAM = 420;

const tree = await FakeIioTree.create();
await tree.addDevice('iio:device0', 'hx711', { in_voltage0_raw: ZERO });
const stateDir = await mkdtemp(path.join(os.tmpdir(), 'station-accuracy-'));
const physics = new PhysicalStation(new FakeLineDriver(systemClock), {
  clock: systemClock,
  motorLine: { chip: 'gpiochip0', line: 17, active_low: false },
  gramsPerSecond: 100,
  zero: ZERO,
  countsPerGram: COUNTS_PER_GRAM,
  seed,
});

/** The station as its file describes it, with the motor's calibration and a scale calibrated from scratch. */
const station = (msPerGram: number) =>
  createStationHardware(
    StationFileSchema.parse({
      version: 1,
      device: 'PH-BENCH',
      secret: 's'.repeat(32),
      broker: 'mqtt://127.0.0.1:1883',
      hardware: {
        motor: { kind: 'relay', gpio: { line: 17 }, ms_per_gram: msPerGram, jam: { window_ms: 1000 } },
        scale: { kind: 'hx711', counts_per_gram: 400, zero: 0, samples: 7, settle_ms: 30 },
        hopper: { kind: 'estimated', capacity_grams: 100_000 },
      },
    }),
    {
      deviceId: 'PH-BENCH',
      stateDir,
      logger: silentLogger,
      ffmpegPath: () => 'ffmpeg',
      ...physics.kernel(tree),
    },
  );

// 1. The scale: tare the empty tray, then a known 500 g.
/** The HX711 scale the station file built (what the console's tare and calibrate reach). */
const hx711 = (hardware: { scale: unknown }): Hx711Scale => {
  if (!(hardware.scale instanceof Hx711Scale)) throw new Error('the station has no HX711 scale');
  return hardware.scale;
};
let built = await station(12);
const scale = hx711(built.hardware);
physics.clearTray();
await scale.tare();
physics.placed = 500;
const calibration = await scale.calibrate(500);
physics.placed = 0;
// 2. The motor: three 50 g test dispenses at a first guess of 12 ms a gram (the auger really needs 10).
const tests: number[] = [];
for (let i = 0; i < 3; i += 1) {
  physics.clearTray();
  tests.push((await dispense(built.hardware, 50)).grams);
}
const msPerGram = (12 * 50) / (tests.reduce((a, b) => a + b, 0) / tests.length);
await built.close();
built = await station(msPerGram);
hx711(built.hardware).calibration = calibration;

// 3. The dispenses.
const rows: { asked: number; measured: number; fell: number }[] = [];
let state = seed;
const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const started = performance.now();
for (let i = 0; i < count; i += 1) {
  physics.clearTray();
  const asked = 5 + Math.floor(next() * 46);
  const result = await dispense(built.hardware, asked);
  rows.push({ asked, measured: result.grams, fell: physics.trueGrams() });
}
await built.close();
await tree.remove();
await rm(stateDir, { recursive: true, force: true });

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return `mean ${mean.toFixed(2)}, sd ${sd.toFixed(2)}, p5 ${at(0.05).toFixed(1)}, p95 ${at(0.95).toFixed(1)}`;
};
console.log(
  `scale calibrated: ${calibration.counts_per_gram.toFixed(1)} counts/g (true ${String(COUNTS_PER_GRAM)}); ` +
    `motor: test dispenses ${tests.join(', ')} g at 12 ms/g → ${msPerGram.toFixed(2)} ms/g (true 10)`,
);
console.log(`${String(count)} dispenses of 5–50 g in ${((performance.now() - started) / 1000).toFixed(1)} s:`);
console.log(`  measured − asked (g): ${stats(rows.map((r) => r.measured - r.asked))}`);
console.log(`  measured − asked (% of asked): ${stats(rows.map((r) => (100 * (r.measured - r.asked)) / r.asked))}`);
console.log(`  measured − fell (g, the scale's own error): ${stats(rows.map((r) => r.measured - r.fell))}`);
