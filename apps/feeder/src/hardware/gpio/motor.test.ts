import { MotorConfigSchema } from '@petheart/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../clock';
import { FakeLineDriver, FakePwm } from './fakes';
import type { GpioMotorConfig } from './motor';
import { createMotor } from './motor';

const T0 = 1_000_000;
const config = (input: Record<string, unknown>): GpioMotorConfig => {
  const parsed = MotorConfigSchema.parse(input);
  if (parsed.kind === 'sim') throw new Error('not a GPIO motor');
  return parsed;
};
const relay = config({ kind: 'relay', gpio: { line: 17 }, ms_per_gram: 10 });

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createMotor', () => {
  it('runs one dispense at a time: a second run starts when the first has released its line', async () => {
    const lines = new FakeLineDriver(systemClock);
    const motor = createMotor(relay, { lines });
    const first = motor.run(10);
    const second = motor.run(20);
    await vi.advanceTimersByTimeAsync(300);
    expect(await Promise.all([first, second])).toEqual(['ok', 'ok']);
    expect(lines.edges.map((e) => [e.at - T0, e.value])).toEqual([
      [0, 1],
      [100, 'released'],
      [100, 1],
      [300, 'released'],
    ]);
  });

  it('refuses impossible amounts without touching a line, and does nothing for 0 g', async () => {
    const lines = new FakeLineDriver(systemClock);
    const motor = createMotor(relay, { lines });
    expect(await motor.run(-1)).toBe('failed');
    expect(await motor.run(Number.NaN)).toBe('failed');
    expect(await motor.run(Number.POSITIVE_INFINITY)).toBe('failed');
    expect(await motor.run(0)).toBe('ok');
    expect(lines.edges).toEqual([]);
  });

  it('close waits for the run in progress, and later runs fail', async () => {
    const lines = new FakeLineDriver(systemClock);
    const motor = createMotor(relay, { lines });
    const run = motor.run(10);
    let closed = false;
    const closing = motor.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await closing;
    expect(await run).toBe('ok');
    expect(lines.held).toEqual([]);
    expect(await motor.run(10)).toBe('failed');
  });

  it('drives a stepper through the PWM it is given', async () => {
    const lines = new FakeLineDriver(systemClock);
    const pwm = new FakePwm(systemClock);
    const stepper = config({
      kind: 'stepper',
      step: {},
      dir: { line: 23 },
      enable: { line: 24 },
      steps_per_gram: 8,
    });
    const motor = createMotor(stepper, { lines, pwm });
    const run = motor.run(100); // 800 steps: 1 s
    await vi.advanceTimersByTimeAsync(1100);
    expect(await run).toBe('ok');
    expect(pwm.events.map((e) => e.event)).toEqual(['open', 'start', 'stop']);
    expect(lines.edges.map((e) => [e.line, e.value])).toEqual([
      ['gpiochip0:23', 1],
      ['gpiochip0:24', 1],
      ['gpiochip0:24', 'released'],
      ['gpiochip0:23', 'released'],
    ]);
  });
});
