import { constants } from 'node:fs';
import { access, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../clock';
import { sleep, systemClock } from '../../clock';

/** One hardware PWM channel giving a stepper's STEP pulses. */
export interface PwmOutput {
  /** Starts pulses at `hz` (50% duty); resolves once they run. */
  start(hz: number): Promise<void>;
  /** Stops the pulses (the output idles low). */
  stop(): Promise<void>;
}

export interface PwmDriver {
  /** Opens `chip`'s `channel`, stopped (pulses a crashed run left running are stopped here). */
  open(chip: string, channel: number): Promise<PwmOutput>;
}

export const DEFAULT_PWM_ROOT = '/sys/class/pwm';

export interface SysfsPwmOptions {
  /** Default /sys/class/pwm. */
  root?: string;
  clock?: Clock;
  /** How long an exported channel may take to appear, writable (udev changes its group after export). */
  exportTimeoutMs?: number;
}

/**
 * PWM through the kernel's sysfs PWM class (not the deprecated sysfs GPIO: PWM has no other interface on
 * today's board kernels). A channel stays exported between runs.
 */
export class SysfsPwm implements PwmDriver {
  readonly #root: string;
  readonly #clock: Clock;
  readonly #exportTimeoutMs: number;

  constructor(options: SysfsPwmOptions = {}) {
    this.#root = options.root ?? DEFAULT_PWM_ROOT;
    this.#clock = options.clock ?? systemClock;
    this.#exportTimeoutMs = options.exportTimeoutMs ?? 2000;
  }

  async open(chip: string, channel: number): Promise<PwmOutput> {
    const dir = path.join(this.#root, chip, `pwm${String(channel)}`);
    const attr = (name: string, value: number) => writeFile(path.join(dir, name), String(value));
    if (!(await writable(path.join(dir, 'enable')))) await this.#export(chip, channel, dir);
    await attr('enable', 0);
    return {
      start: async (hz) => {
        const period = Math.round(1e9 / hz);
        // duty ≤ period at every step, whatever the channel had before.
        await attr('duty_cycle', 0);
        await attr('period', period);
        await attr('duty_cycle', Math.round(period / 2));
        await attr('enable', 1);
      },
      stop: () => attr('enable', 0),
    };
  }

  async #export(chip: string, channel: number, dir: string): Promise<void> {
    await writeFile(path.join(this.#root, chip, 'export'), String(channel));
    const deadline = this.#clock.now() + this.#exportTimeoutMs;
    while (!(await writable(path.join(dir, 'enable')))) {
      if (this.#clock.now() >= deadline) throw new Error(`${dir} did not appear after export`);
      await sleep(this.#clock, 10);
    }
  }
}

const writable = (file: string): Promise<boolean> =>
  access(file, constants.W_OK).then(
    () => true,
    () => false,
  );
