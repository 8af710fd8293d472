import { MotorConfigSchema } from '@petheart/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../clock';
import type { Logger } from '../../logger';
import type { MotorRunResult, ScaleWatch } from '../ports';
import { FakeLineDriver } from './fakes';
import type { RelayConfig } from './relay';
import { relayRun } from './relay';

const T0 = 1_000_000;
const relay = (extra: Record<string, unknown> = {}): RelayConfig => {
  const config = MotorConfigSchema.parse({ kind: 'relay', gpio: { line: 17 }, ms_per_gram: 35, ...extra });
  if (config.kind !== 'relay') throw new Error('not a relay');
  return config;
};
const logger = (): Logger & { lines: string[] } => {
  const lines: string[] = [];
  const log = (m: string) => {
    lines.push(m);
  };
  return { lines, info: log, warn: log, error: log };
};

function setup(config: RelayConfig) {
  const lines = new FakeLineDriver(systemClock);
  const log = logger();
  const run = relayRun(config, { lines, clock: systemClock, logger: log });
  return { lines, log, run };
}

/** Starts a run and tracks whether it resolved (vitest's fake timers drive it). */
function start(run: (grams: number, watch?: ScaleWatch) => Promise<MotorRunResult>, grams: number, watch?: ScaleWatch) {
  const state: { result?: MotorRunResult } = {};
  const done = run(grams, watch).then((result) => (state.result = result));
  return { state, done };
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('relay motor', () => {
  it('holds the line active for ms_per_gram × grams, then releases it', async () => {
    const { lines, run } = setup(relay());
    const { state, done } = start(run, 10);
    await vi.advanceTimersByTimeAsync(349);
    expect(lines.value('gpiochip0:17')).toBe(1);
    expect(state.result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(state.result).toBe('ok');
    expect(lines.edges).toEqual([
      { at: T0, line: 'gpiochip0:17', value: 1, level: 1 },
      { at: T0 + 350, line: 'gpiochip0:17', value: 'released' },
    ]);
  });

  it('drives an active-low line low while the motor runs', async () => {
    const { lines, run } = setup(relay({ gpio: { chip: '/dev/gpiochip1', line: 4, active_low: true } }));
    const { done } = start(run, 2);
    await vi.advanceTimersByTimeAsync(70);
    await done;
    expect(lines.edges).toEqual([
      { at: T0, line: 'gpiochip1:4', value: 1, level: 0 },
      { at: T0 + 70, line: 'gpiochip1:4', value: 'released' },
    ]);
  });

  it('never runs longer than max_run_ms, whatever the calibration asks', async () => {
    const { lines, log, run } = setup(relay({ max_run_ms: 5000 }));
    const { done } = start(run, 1000); // 35 s asked
    await vi.advanceTimersByTimeAsync(5000);
    expect(await done).toBe('ok');
    expect(lines.edges.map((e) => e.at - T0)).toEqual([0, 5000]);
    expect(log.lines).toEqual(['motor run capped by max_run_ms']);
  });

  it('stops early and resolves jammed when the scale stays flat for a window', async () => {
    const { lines, run } = setup(relay({ jam: { window_ms: 1500, min_rise_grams: 1 } }));
    const watch = vi.fn(() => Promise.resolve(0.4));
    const { state, done } = start(run, 100, watch); // 3.5 s asked
    await vi.advanceTimersByTimeAsync(1499);
    expect(state.result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(state.result).toBe('jammed');
    expect(lines.edges.map((e) => [e.at - T0, e.value])).toEqual([
      [0, 1],
      [1500, 'released'],
    ]);
    const reads = watch.mock.calls.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(watch.mock.calls.length).toBe(reads); // no reading after the run
  });

  it('runs to the end while the scale rises, and declares a jam once it stops rising', async () => {
    const rising = setup(relay());
    const grams = () => Promise.resolve((Date.now() - T0) / 100); // 10 g/s
    const full = start(rising.run, 100, grams);
    await vi.advanceTimersByTimeAsync(3500);
    expect(await full.done).toBe('ok');

    const stalls = setup(relay());
    const until2s = () => Promise.resolve(Math.min(Date.now() - T0 - 3500, 2000) / 100);
    const stalled = start(stalls.run, 200, until2s); // 7 s asked
    await vi.advanceTimersByTimeAsync(7000);
    expect(await stalled.done).toBe('jammed');
    expect(stalls.lines.edges.map((e) => e.at - T0 - 3500)).toEqual([0, 3500]); // rose for 2 s, then a 1.5 s window
  });

  it('does not watch without a watch: a flat scale never stops it', async () => {
    const { run } = setup(relay());
    const { done } = start(run, 100);
    await vi.advanceTimersByTimeAsync(3500);
    expect(await done).toBe('ok');
  });

  it('switches off and resolves failed when a reading throws', async () => {
    const { lines, log, run } = setup(relay());
    const watch = () => (Date.now() - T0 >= 300 ? Promise.reject(new Error('hx711 gone')) : Promise.resolve(0));
    const { done } = start(run, 100, watch);
    await vi.advanceTimersByTimeAsync(400);
    expect(await done).toBe('failed');
    expect(lines.held).toEqual([]);
    expect(lines.edges.at(-1)).toMatchObject({ at: T0 + 300, value: 'released' });
    expect(log.lines).toEqual(['motor run failed; stopping it']);
  });

  it('stops on time when a reading never returns', async () => {
    const { lines, run } = setup(relay());
    const { done } = start(run, 10, () => new Promise<number>(() => undefined));
    await vi.advanceTimersByTimeAsync(350);
    expect(await done).toBe('ok');
    expect(lines.held).toEqual([]);
  });

  it('resolves failed when the line cannot be had or released', async () => {
    const busy = setup(relay());
    busy.lines.failNext('request');
    expect(await busy.run(10)).toBe('failed');
    expect(busy.lines.edges).toEqual([]);

    const stuck = setup(relay());
    stuck.lines.failNext('release');
    const { done } = start(stuck.run, 10);
    await vi.advanceTimersByTimeAsync(350);
    expect(await done).toBe('failed');
    expect(stuck.log.lines).toEqual(['could not stop the motor cleanly']);
  });
});
