import type { DeviceAck, DeviceAckDetail, DeviceCommand } from '@petheart/contracts';
import type { CalibrationStore } from './calibration-store';
import type { Clock } from './clock';
import type { DailyGrams } from './daily-grams';
import { dispense } from './dispense';
import type { ScaleCalibration, StationHardware } from './hardware/ports';
import type { Logger } from './logger';
import type { RingLogger } from './ring-logger';
import type { StationConfig } from './station-config';
import { dispenseRefusal } from './station-config';

/** What an executed command answers. */
export interface Execution {
  outcome: DeviceAck['outcome'];
  grams: number;
  detail?: DeviceAckDetail;
}

export type Versions = NonNullable<DeviceAckDetail['versions']>;

export interface ExecutorDeps {
  hardware: StationHardware;
  config: StationConfig;
  daily: DailyGrams;
  calibration: CalibrationStore;
  /** The agent's log, for `report`. */
  log: Pick<RingLogger, 'tail'>;
  versions: () => Promise<Versions>;
  clock: Clock;
  logger: Logger;
}

/** DeviceAckDetail's bound on a message. */
const MESSAGE_CHARS = 300;
const failed = (message: string): Execution => ({
  outcome: 'failed',
  grams: 0,
  detail: { message: message.slice(0, MESSAGE_CHARS) },
});
const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Runs one command on the station (the agent calls it one at a time, at most once per id, before expiry):
 * paid dispenses within the config's limits, counted against the daily cap; test dispenses (never counted);
 * and the care commands (tare, calibrate, restart, report, refill). Never rejects: a port that throws is 'failed'.
 */
export class CommandExecutor {
  readonly #d: ExecutorDeps;

  constructor(deps: ExecutorDeps) {
    this.#d = deps;
  }

  async execute(command: DeviceCommand): Promise<Execution> {
    try {
      switch (command.kind) {
        case 'dispense':
          return await this.#paid(command.grams);
        case 'test_dispense':
          return await this.#dispense(command.grams);
        case 'tare':
          return await this.#tare();
        case 'calibrate':
          return await this.#calibrate(command.known_grams);
        case 'restart':
          this.#d.logger.warn('restart requested by the server');
          return { outcome: 'done', grams: 0 };
        case 'report':
          return await this.#report(command.log_lines);
        case 'refill':
          return await this.#refill(command.grams);
      }
    } catch (error) {
      this.#d.logger.error(`${command.kind} failed`, { id: command.id, error: errorText(error) });
      return failed(`${command.kind} failed: ${errorText(error)}`);
    }
  }

  async #paid(grams: number): Promise<Execution> {
    const now = this.#d.clock.now();
    const refusal = dispenseRefusal(this.#d.config.current, grams, this.#d.daily.today(now));
    if (refusal) {
      this.#d.logger.warn('dispense refused', { reason: refusal });
      return failed(refusal);
    }
    const result = await this.#dispense(grams);
    // Counted whatever the outcome: a jammed run may still have dropped food. Write errors are logged.
    if (result.grams > 0) this.#d.daily.add(this.#d.clock.now(), result.grams).catch(() => undefined);
    return result;
  }

  async #dispense(grams: number): Promise<Execution> {
    return await dispense(this.#d.hardware, grams);
  }

  async #tare(): Promise<Execution> {
    const { scale } = this.#d.hardware;
    await scale.tare();
    const calibration = scale.calibration;
    if (!calibration) return { outcome: 'done', grams: 0 };
    this.#d.logger.info('scale tared', { ...calibration });
    return { outcome: 'done', grams: 0, detail: { calibration, ...(await this.#keep(calibration)) } };
  }

  async #calibrate(knownGrams: number): Promise<Execution> {
    const { scale } = this.#d.hardware;
    if (!scale.calibrate) return failed('this scale cannot be calibrated');
    let calibration: ScaleCalibration;
    try {
      calibration = await scale.calibrate(knownGrams);
    } catch (error) {
      this.#d.logger.warn('calibration failed', { known_grams: knownGrams, error: errorText(error) });
      return failed(`calibration failed: ${errorText(error)}`);
    }
    this.#d.logger.info('scale calibrated', { known_grams: knownGrams, ...calibration });
    return { outcome: 'done', grams: 0, detail: { calibration, ...(await this.#keep(calibration)) } };
  }

  /** Saves the calibration for the next start; a message when it could not be (it is used until then). */
  async #keep(calibration: ScaleCalibration): Promise<Pick<DeviceAckDetail, 'message'>> {
    try {
      await this.#d.calibration.save(calibration);
      return {};
    } catch (error) {
      return { message: `in use, but not saved for the next start: ${errorText(error)}`.slice(0, MESSAGE_CHARS) };
    }
  }

  async #refill(grams: number): Promise<Execution> {
    const { hopper } = this.#d.hardware;
    if (!hopper.refill) return { outcome: 'done', grams: 0, detail: { message: 'this hopper weighs its food' } };
    await Promise.resolve(hopper.refill(grams));
    this.#d.logger.info('hopper refilled', { grams, level: await hopper.level() });
    return { outcome: 'done', grams: 0 };
  }

  async #report(lines: number): Promise<Execution> {
    const versions = await this.#d.versions();
    const detail: DeviceAckDetail = { versions, config_version: this.#d.config.version, log: this.#d.log.tail(lines) };
    return { outcome: 'done', grams: 0, detail };
  }
}
