import { MotorConfigSchema } from '@petheart/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../clock';
import { silentLogger } from '../../logger';
import type { Journal } from './fakes';
import { FakeLineDriver, FakePwm } from './fakes';
import type { StepperConfig } from './stepper';
import { STEPPER_SETUP_MS, stepperRun } from './stepper';

const T0 = 1_000_000;
const stepper = (extra: Record<string, unknown> = {}): StepperConfig => {
  const config = MotorConfigSchema.parse({
    kind: 'stepper',
    step: { chip: 'pwmchip0', channel: 1 },
    dir: { line: 23 },
    enable: { line: 24, active_low: true },
    steps_per_gram: 40,
    ...extra,
  });
  if (config.kind !== 'stepper') throw new Error('not a stepper');
  return config;
};

function setup(config: StepperConfig) {
  const journal: Journal = [];
  const lines = new FakeLineDriver(systemClock, journal);
  const pwm = new FakePwm(systemClock, journal);
  const open = vi.spyOn(pwm, 'open');
  const run = stepperRun(config, { lines, pwm, clock: systemClock, logger: silentLogger });
  return { journal, lines, pwm, open, run };
}

/** Steps given by the PWM: its running time × the frequency it was started at. */
function stepsOf(pwm: FakePwm): number {
  const start = pwm.events.find((e) => e.event === 'start');
  const stop = pwm.events.findLast((e) => e.event === 'stop');
  if (!start || !stop) return 0;
  return Math.round(((stop.at - start.at) * start.hz) / 1000);
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('stepper motor', () => {
  it('gives round(grams × steps_per_gram) steps at step_hz from the PWM channel', async () => {
    const { pwm, open, run } = setup(stepper());
    const done = run(10.01); // 400.4 → 400 steps: 500 ms at 800 Hz
    await vi.advanceTimersByTimeAsync(STEPPER_SETUP_MS + 500);
    expect(await done).toBe('ok');
    expect(open).toHaveBeenCalledWith('pwmchip0', 1);
    expect(pwm.events.map((e) => ({ ...e, at: e.at - T0 }))).toEqual([
      { at: 0, event: 'open' },
      { at: STEPPER_SETUP_MS, event: 'start', hz: 800 },
      { at: STEPPER_SETUP_MS + 500, event: 'stop' },
    ]);
    expect(stepsOf(pwm)).toBe(400);

    const odd = setup(stepper({ steps_per_gram: 33, step_hz: 1000 }));
    const quick = odd.run(7.3); // 240.9 → 241 steps: 241 ms at 1 kHz
    await vi.advanceTimersByTimeAsync(STEPPER_SETUP_MS + 241);
    expect(await quick).toBe('ok');
    expect(stepsOf(odd.pwm)).toBe(241);
    expect(odd.pwm.events[1]).toMatchObject({ event: 'start', hz: 1000 });

    const fractional = setup(stepper({ steps_per_gram: 24.1 }));
    const whole = fractional.run(10); // 241 steps: 301.25 ms at 800 Hz, run for 301 ms
    await vi.advanceTimersByTimeAsync(STEPPER_SETUP_MS + 301);
    expect(await whole).toBe('ok');
    expect(stepsOf(fractional.pwm)).toBe(241);
  });

  it('sets DIR and asserts ENABLE before the first step, and releases them after the last', async () => {
    const { journal, lines, pwm, run } = setup(stepper({ forward: 0 }));
    const done = run(10);
    expect(lines.held).toEqual([]);
    await vi.advanceTimersByTimeAsync(STEPPER_SETUP_MS + 100);
    expect(pwm.running).toBe(true);
    expect(lines.value('gpiochip0:24')).toBe(1);
    await vi.advanceTimersByTimeAsync(400);
    expect(await done).toBe('ok');
    expect(lines.held).toEqual([]);
    expect(journal.map((e) => ({ ...e, at: e.at - T0 }))).toEqual([
      { at: 0, event: 'open' },
      { at: 0, line: 'gpiochip0:23', value: 0, level: 0 }, // DIR: the feeding direction
      { at: 0, line: 'gpiochip0:24', value: 1, level: 0 }, // ENABLE, active low
      { at: STEPPER_SETUP_MS, event: 'start', hz: 800 },
      { at: STEPPER_SETUP_MS + 500, event: 'stop' },
      { at: STEPPER_SETUP_MS + 500, line: 'gpiochip0:24', value: 'released' },
      { at: STEPPER_SETUP_MS + 500, line: 'gpiochip0:23', value: 'released' },
    ]);
  });

  it('never steps longer than max_run_ms, and stops when the scale stays flat', async () => {
    const capped = setup(stepper({ max_run_ms: 3000 }));
    const long = capped.run(1000); // 40,000 steps: 50 s asked
    await vi.advanceTimersByTimeAsync(STEPPER_SETUP_MS + 3000);
    expect(await long).toBe('ok');
    expect(stepsOf(capped.pwm)).toBe(2400);

    const jammed = setup(stepper());
    const flat = jammed.run(100, () => Promise.resolve(0)); // 5 s asked
    await vi.advanceTimersByTimeAsync(STEPPER_SETUP_MS + 1500);
    expect(await flat).toBe('jammed');
    expect(jammed.pwm.running).toBe(false);
    expect(jammed.lines.held).toEqual([]);
  });

  it('stops the pulses and frees its lines when something fails', async () => {
    const broken = setup(stepper());
    broken.pwm.failStart = true;
    const done = broken.run(10);
    await vi.advanceTimersByTimeAsync(STEPPER_SETUP_MS);
    expect(await done).toBe('failed');
    expect(broken.lines.held).toEqual([]);
    expect(broken.pwm.events.at(-1)?.event).toBe('stop');

    const noEnable = setup(stepper());
    noEnable.lines.failNext('request', 'gpiochip0:24');
    expect(await noEnable.run(10)).toBe('failed');
    expect(noEnable.lines.held).toEqual([]);
    expect(noEnable.pwm.events.map((e) => e.event)).toEqual(['open']); // never started
  });

  it('touches nothing for less than half a step', async () => {
    const { journal, run } = setup(stepper());
    expect(await run(0.01)).toBe('ok');
    expect(journal).toEqual([]);
  });
});
