import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CalibrationStore } from './calibration-store';
import { systemClock } from './clock';
import { DailyGrams } from './daily-grams';
import { CommandExecutor } from './executor';
import type { StationHardware } from './hardware/ports';
import { createSimulatedStation } from './hardware/sim/station';
import type { SimStation } from './hardware/sim/station';
import { StationConfig } from './station-config';
import { collectingLogger } from './test-support/collecting-logger';
import { commandOf, deviceConfig } from './test-support/commands';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'executor-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function executor(hardware: (sim: SimStation) => StationHardware = (sim) => sim) {
  const logger = collectingLogger();
  const sim = createSimulatedStation({ seed: 5, msPerGram: 0, settleMs: 0, noise: 0 });
  const config = await StationConfig.open(path.join(dir, 'config.json'), logger);
  const daily = await DailyGrams.open(path.join(dir, 'daily.json'), logger);
  const run = new CommandExecutor({
    hardware: hardware(sim),
    config,
    daily,
    calibration: new CalibrationStore(path.join(dir, 'calibration.json'), logger),
    log: { tail: (n) => [`last ${String(n)}`] },
    versions: () => Promise.resolve({ agent: 'a', node: 'n' }),
    clock: systemClock,
    logger,
  });
  const execute = (body: Parameters<typeof commandOf>[0]) => run.execute(commandOf(body));
  return { sim, config, daily, execute, logger };
}

describe('CommandExecutor', () => {
  it('counts the grams of paid feeds toward the cap, jammed ones too, never those of test dispenses', async () => {
    let jam = false;
    const { config, daily, execute } = await executor((sim) => ({
      ...sim,
      // A jam after part of the portion fell.
      motor: {
        run: async (grams) => {
          if (!jam) return sim.motor.run(grams);
          sim.scale.place(sim.hopper.take(20));
          return 'jammed';
        },
      },
    }));
    config.offer(deviceConfig(1, [50], 100));
    expect(await execute({ kind: 'test_dispense', grams: 50 })).toEqual({ outcome: 'dispensed', grams: 50 });
    expect(daily.today(Date.now())).toBe(0);
    jam = true;
    expect(await execute({ kind: 'dispense', grams: 50 })).toEqual({ outcome: 'jammed', grams: 20 });
    jam = false;
    expect(await execute({ kind: 'dispense', grams: 50 })).toEqual({ outcome: 'dispensed', grams: 50 });
    expect(daily.today(Date.now())).toBe(70);
    expect(await execute({ kind: 'dispense', grams: 30 })).toEqual({ outcome: 'dispensed', grams: 30 });
    expect(await execute({ kind: 'dispense', grams: 1 })).toMatchObject({ outcome: 'failed', grams: 0 });
    await daily.close();
  });

  it("answers 'failed' with the error when a port throws, for any command", async () => {
    const { execute, logger } = await executor((sim) => ({
      ...sim,
      scale: { tare: () => Promise.reject(new Error('HX711 not ready')), measure: () => Promise.resolve(0) },
    }));
    expect(await execute({ kind: 'dispense', grams: 10 })).toEqual({
      outcome: 'failed',
      grams: 0,
      detail: { message: 'dispense failed: HX711 not ready' },
    });
    expect(await execute({ kind: 'tare' })).toMatchObject({ detail: { message: 'tare failed: HX711 not ready' } });
    expect(logger.warnings).toEqual(['dispense failed', 'tare failed']);
  });

  it('reports versions, the config version and the log tail it is asked for', async () => {
    const { execute, config } = await executor();
    config.offer(deviceConfig(9, [10], 100));
    expect(await execute({ kind: 'report', log_lines: 7 })).toEqual({
      outcome: 'done',
      grams: 0,
      detail: { versions: { agent: 'a', node: 'n' }, config_version: 9, log: ['last 7'] },
    });
    await config.close();
  });

  it('refills a hopper that keeps its level, and says a weighed one needs nothing', async () => {
    const { sim, execute } = await executor();
    sim.hopper.take(3000);
    expect(await execute({ kind: 'refill', grams: 1000 })).toEqual({ outcome: 'done', grams: 0 });
    expect(sim.hopper.stock).toBe(3000);
    const weighed = await executor((s) => ({
      ...s,
      hopper: { level: () => s.hopper.level(), recordDispensed: () => undefined },
    }));
    expect(await weighed.execute({ kind: 'refill', grams: 1000 })).toEqual({
      outcome: 'done',
      grams: 0,
      detail: { message: 'this hopper weighs its food' },
    });
  });
});
