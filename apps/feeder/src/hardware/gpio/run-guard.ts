import type { Logger } from '../../logger';
import type { MotorRunResult } from '../ports';

/** Registers what stops the motor or frees a line; all of it runs when the run ends, newest first. */
export type OnStop = (stop: () => Promise<void>) => void;

/**
 * Runs `body` and then everything it registered with `onStop`, whatever happened: an error anywhere ends the
 * run 'failed' (logged), never with the motor left on. A stop that fails does not skip the others.
 */
export async function guardedRun(
  logger: Logger,
  motor: string,
  body: (onStop: OnStop) => Promise<MotorRunResult>,
): Promise<MotorRunResult> {
  const stops: (() => Promise<void>)[] = [];
  let result: MotorRunResult;
  try {
    result = await body((stop) => stops.push(stop));
  } catch (error) {
    logger.error('motor run failed; stopping it', { motor, error: messageOf(error) });
    result = 'failed';
  }
  for (const stop of stops.reverse()) {
    try {
      await stop();
    } catch (error) {
      logger.error('could not stop the motor cleanly', { motor, error: messageOf(error) });
      result = 'failed';
    }
  }
  return result;
}

/** The run time the calibration asks for, capped by max_run_ms (logged when the cap cuts it). */
export function cappedMs(logger: Logger, motor: string, plannedMs: number, maxRunMs: number): number {
  if (plannedMs <= maxRunMs) return plannedMs;
  logger.warn('motor run capped by max_run_ms', { motor, planned_ms: Math.round(plannedMs), max_run_ms: maxRunMs });
  return maxRunMs;
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
