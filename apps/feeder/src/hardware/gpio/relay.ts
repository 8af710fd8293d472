import type { MotorConfig } from '@petheart/contracts';
import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import type { MotorRunResult, ScaleWatch } from '../ports';
import type { LineDriver } from './lines';
import { lineName } from './lines';
import { cappedMs, guardedRun } from './run-guard';
import { watchRun } from './watch-run';

export type RelayConfig = Extract<MotorConfig, { kind: 'relay' }>;

export interface RunDeps {
  lines: LineDriver;
  clock: Clock;
  logger: Logger;
}

/** One run of a relay/MOSFET motor: the line active for ms_per_gram × grams, counted from when it is driven. */
export function relayRun(config: RelayConfig, deps: RunDeps) {
  const motor = `relay ${lineName(config.gpio)}`;
  return (grams: number, watch?: ScaleWatch): Promise<MotorRunResult> =>
    guardedRun(deps.logger, motor, async (onStop) => {
      const ms = cappedMs(deps.logger, motor, grams * config.ms_per_gram, config.max_run_ms);
      const line = await deps.lines.request(config.gpio, 1);
      onStop(() => line.release());
      const end = await watchRun({ clock: deps.clock, ms, watch, jam: config.jam });
      if (end === 'jammed') deps.logger.warn('motor jammed: the scale stopped rising', { motor, grams });
      return end;
    });
}
