import type { MotorConfig } from '@petheart/contracts';
import type { Clock } from '../../clock';
import { systemClock } from '../../clock';
import type { Logger } from '../../logger';
import { silentLogger } from '../../logger';
import type { MotorDriver, MotorRunResult, ScaleWatch } from '../ports';
import type { LineDriver } from './lines';
import type { PwmDriver } from './pwm';
import { SysfsPwm } from './pwm';
import { relayRun } from './relay';
import { stepperRun } from './stepper';

export type GpioMotorConfig = Extract<MotorConfig, { kind: 'relay' | 'stepper' }>;

export interface GpioMotorDeps {
  lines: LineDriver;
  /** A stepper's STEP pulses (default: /sys/class/pwm). */
  pwm?: PwmDriver;
  clock?: Clock;
  logger?: Logger;
}

export interface GpioMotor extends MotorDriver {
  /** Waits for the run in progress (lines are only held during a run); runs asked later resolve 'failed'. */
  close(): Promise<void>;
}

/**
 * A relay or stepper motor on GPIO lines. Runs never overlap: a run asked while another is in progress starts
 * when it ends. A run never rejects, and the motor is off when it resolves.
 */
export function createMotor(config: GpioMotorConfig, deps: GpioMotorDeps): GpioMotor {
  const run = { lines: deps.lines, clock: deps.clock ?? systemClock, logger: deps.logger ?? silentLogger };
  const once =
    config.kind === 'relay'
      ? relayRun(config, run)
      : stepperRun(config, { ...run, pwm: deps.pwm ?? new SysfsPwm({ clock: run.clock }) });
  let tail: Promise<MotorRunResult> = Promise.resolve('ok');
  let closed = false;
  const start = (grams: number, watch?: ScaleWatch): Promise<MotorRunResult> => {
    if (!Number.isFinite(grams) || grams < 0) {
      run.logger.error('motor asked for an impossible amount', { grams });
      return Promise.resolve('failed');
    }
    return grams === 0 ? Promise.resolve('ok') : once(grams, watch);
  };
  return {
    run(grams, watch) {
      if (closed) return Promise.resolve('failed');
      tail = tail.then(() => start(grams, watch));
      return tail;
    },
    async close() {
      closed = true;
      await tail;
    },
  };
}
