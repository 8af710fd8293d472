import type { MotorConfig } from '@petheart/contracts';
import { sleep } from '../../clock';
import type { MotorRunResult, ScaleWatch } from '../ports';
import type { PwmDriver } from './pwm';
import type { RunDeps } from './relay';
import { cappedMs, guardedRun } from './run-guard';
import { watchRun } from './watch-run';

export type StepperConfig = Extract<MotorConfig, { kind: 'stepper' }>;

/** Between DIR/ENABLE driven and the first STEP, ms (drivers ask for < 1 µs; leaving standby can take longer). */
export const STEPPER_SETUP_MS = 2;

/**
 * One run of a stepper: round(grams × steps_per_gram) steps at step_hz from a hardware PWM, counted by time
 * (steps / step_hz). DIR is set and ENABLE asserted before the first step; afterwards the pulses stop first,
 * then ENABLE and DIR are released.
 */
export function stepperRun(config: StepperConfig, deps: RunDeps & { pwm: PwmDriver }) {
  const motor = `stepper ${config.step.chip}/pwm${String(config.step.channel)}`;
  return (grams: number, watch?: ScaleWatch): Promise<MotorRunResult> =>
    guardedRun(deps.logger, motor, async (onStop) => {
      const steps = Math.round(grams * config.steps_per_gram);
      if (steps === 0) return 'ok';
      // Timers count whole ms: at 800 Hz that is within half a step (decision 035 has the measured jitter).
      const ms = cappedMs(deps.logger, motor, Math.round((steps * 1000) / config.step_hz), config.max_run_ms);
      const pwm = await deps.pwm.open(config.step.chip, config.step.channel);
      const dir = await deps.lines.request(config.dir, config.forward);
      onStop(() => dir.release());
      const enable = await deps.lines.request(config.enable, 1);
      onStop(() => enable.release());
      onStop(() => pwm.stop());
      await sleep(deps.clock, STEPPER_SETUP_MS);
      await pwm.start(config.step_hz);
      const end = await watchRun({ clock: deps.clock, ms, watch, jam: config.jam });
      if (end === 'jammed') deps.logger.warn('motor jammed: the scale stopped rising', { motor, grams });
      return end;
    });
}
