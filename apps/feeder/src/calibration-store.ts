import { z } from 'zod';
import type { Scale, ScaleCalibration } from './hardware/ports';
import type { Logger } from './logger';
import { PersistedJson } from './persisted-json';

const CalibrationSchema = z.object({
  zero: z.number().refine(Number.isFinite),
  counts_per_gram: z.number().refine((n) => Number.isFinite(n) && n !== 0),
});

/**
 * The tray scale's calibration from the last tare or calibration command, kept in the state folder and set on
 * the scale at start, over the station file's numbers (which were measured once, at setup).
 */
export class CalibrationStore {
  readonly #file: PersistedJson<ScaleCalibration>;
  readonly #logger: Logger;

  constructor(file: string, logger: Logger) {
    this.#file = new PersistedJson<ScaleCalibration>(file, CalibrationSchema, 'scale calibration', logger);
    this.#logger = logger;
  }

  /** Sets the kept calibration on `scale` when there is one and the scale takes one; returns it then. */
  async applyTo(scale: Scale): Promise<ScaleCalibration | undefined> {
    if (scale.calibration === undefined) return undefined;
    const kept = await this.#file.load();
    if (!kept) return undefined;
    try {
      scale.calibration = kept;
    } catch (error) {
      this.#logger.warn('kept scale calibration refused by the scale', { error: String(error) });
      return undefined;
    }
    this.#logger.info('scale calibration applied from the state folder', { ...kept });
    return kept;
  }

  save(calibration: ScaleCalibration): Promise<void> {
    return this.#file.save({ zero: calibration.zero, counts_per_gram: calibration.counts_per_gram });
  }

  close(): Promise<void> {
    return this.#file.flush();
  }
}
