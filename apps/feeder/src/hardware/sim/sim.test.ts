import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../clock';
import { SimHopper } from './hopper';
import { bell, seededRng } from './random';
import { SimScale } from './scale';
import { createSimulatedStation } from './station';

afterEach(() => {
  vi.useRealTimers();
});

describe('seeded randomness', () => {
  it('repeats for a seed and stays inside [-1, 1] with a bell shape', () => {
    const a = seededRng(42);
    const b = seededRng(42);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
    const values = Array.from({ length: 10_000 }, () => bell(a));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(-1);
    expect(Math.max(...values)).toBeLessThanOrEqual(1);
    const central = values.filter((v) => Math.abs(v) < 0.5).length / values.length;
    expect(central).toBeGreaterThan(0.7); // a uniform would put 50% there
  });
});

describe('SimScale', () => {
  it('measures integer grams within ±3% of what fell since the tare', async () => {
    const scale = new SimScale({ clock: systemClock, rng: seededRng(1) });
    scale.place(200); // already on the tray before the tare
    const readings: number[] = [];
    for (let i = 0; i < 500; i += 1) {
      await scale.tare();
      scale.place(100);
      readings.push(await scale.measure());
    }
    expect(readings.every((g) => Number.isInteger(g) && g >= 97 && g <= 103)).toBe(true);
    expect(new Set(readings).size).toBeGreaterThan(3);
    const mean = readings.reduce((s, g) => s + g, 0) / readings.length;
    expect(Math.abs(mean - 100)).toBeLessThan(0.5);
    await scale.tare();
    expect(await scale.measure()).toBe(0);
  });
});

describe('SimHopper', () => {
  it('gives what it has, refills to capacity and tells listeners', () => {
    const hopper = new SimHopper({ capacity: 100, stock: 30 });
    const changed = vi.fn();
    hopper.onChange(changed);
    expect(hopper.take(20)).toBe(20);
    expect(hopper.take(20)).toBe(10);
    expect(hopper.stock).toBe(0);
    hopper.refill(40);
    expect(hopper.stock).toBe(40);
    hopper.refill();
    expect(hopper.stock).toBe(100);
    expect(changed).toHaveBeenCalledTimes(2);
  });
});

describe('SimMotor', () => {
  it('runs for a time proportional to the grams and moves food from the hopper to the scale', async () => {
    vi.useFakeTimers();
    const station = createSimulatedStation({ seed: 3, msPerGram: 10, settleMs: 0, noise: 0, stock: 1000 });
    let done = false;
    const run = station.motor.run(50).then((r) => {
      done = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await run).toBe('ok');
    expect(station.hopper.stock).toBe(950);
    expect(await station.scale.measure()).toBe(50);
  });

  it('jams or fails for the injected number of runs, and nothing falls', async () => {
    const station = createSimulatedStation({ seed: 3, msPerGram: 0, settleMs: 0, stock: 1000 });
    station.motor.injectFault('jam', 2);
    station.motor.injectFault('fail');
    await station.scale.tare();
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await station.motor.run(10));
    expect(results).toEqual(['jammed', 'jammed', 'failed', 'ok']);
    expect(station.hopper.stock).toBe(990);
    expect(station.motor.pendingFaults).toBe(0);
  });
});
