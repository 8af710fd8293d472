import { describe, expect, it } from 'vitest';
import { dispense } from './dispense';
import type { Hopper, MotorDriver, Scale } from './hardware/ports';
import { createSimulatedStation } from './hardware/sim/station';

const sim = (stock = 1000) => createSimulatedStation({ seed: 5, msPerGram: 0, settleMs: 0, stock });

describe('dispense', () => {
  it('reports what the scale measured, and a short pour when the hopper runs out midway', async () => {
    const full = sim();
    const ok = await dispense(full, 100);
    expect(ok.outcome).toBe('dispensed');
    expect(Math.abs(ok.grams - 100)).toBeLessThanOrEqual(3);

    const low = sim(15);
    const short = await dispense(low, 40);
    expect(short.outcome).toBe('dispensed');
    expect(Math.abs(short.grams - 15)).toBeLessThanOrEqual(1);
    expect(await dispense(low, 40)).toEqual({ outcome: 'empty', grams: 0 });
  });

  it('says failed when the motor says ok but nothing fell from a non-empty hopper', async () => {
    const motor: MotorDriver = { run: () => Promise.resolve('ok') };
    const scale: Scale = { tare: () => Promise.resolve(), measure: () => Promise.resolve(0.4) };
    const hopper: Hopper = { level: () => Promise.resolve(500), recordDispensed: () => undefined };
    expect(await dispense({ motor, scale, hopper }, 10)).toEqual({ outcome: 'failed', grams: 0 });
  });

  it('passes a jam on with what the scale saw', async () => {
    const station = sim();
    station.motor.injectFault('jam');
    expect(await dispense(station, 10)).toEqual({ outcome: 'jammed', grams: 0 });
  });
});
