import type { HopperConfig, ScaleConfig } from '@petheart/contracts';
import type { Clock } from '../../clock';
import { systemClock } from '../../clock';
import type { Logger } from '../../logger';
import { EstimatedHopper } from './estimated-hopper';
import { Hx711Hopper } from './hx711-hopper';
import type { ReadText } from './iio';
import { DEFAULT_IIO_ROOT, IioChannel } from './iio';
import { Hx711Scale } from './scale';

export { EstimatedHopper, HOPPER_LEVEL_FILE } from './estimated-hopper';
export { Hx711Hopper } from './hx711-hopper';
export { DEFAULT_IIO_ROOT, IioChannel, findIioDevice } from './iio';
export type { RawReader, ReadText } from './iio';
export { LoadCell, median } from './load-cell';
export type { Calibration } from './load-cell';
export { Hx711Scale } from './scale';

export type Hx711ScaleConfig = Extract<ScaleConfig, { kind: 'hx711' }>;
export type RealHopperConfig = Extract<HopperConfig, { kind: 'estimated' | 'hx711' }>;

export interface IioDeps {
  /** Default /sys/bus/iio/devices. */
  iioRoot?: string;
  clock?: Clock;
  logger?: Logger;
  /** How sysfs attributes are read (tests). */
  readText?: ReadText;
}

type Hx711Fields = Pick<Hx711ScaleConfig, 'device' | 'channel'>;

const channelOf = (config: Hx711Fields, deps: IioDeps): IioChannel =>
  new IioChannel({
    device: config.device,
    channel: config.channel,
    root: deps.iioRoot ?? DEFAULT_IIO_ROOT,
    clock: deps.clock ?? systemClock,
    readText: deps.readText,
  });

/** The tray's scale. Nothing is read until the first tare or measure. */
export function createScale(config: Hx711ScaleConfig, deps: IioDeps = {}): Hx711Scale {
  return new Hx711Scale({
    reader: channelOf(config, deps),
    calibration: { zero: config.zero, counts_per_gram: config.counts_per_gram },
    samples: config.samples,
    settleMs: config.settle_ms,
    clock: deps.clock ?? systemClock,
  });
}

/**
 * The hopper: an estimate kept in `stateDir`, or a load cell, already polling (call `stop()` on shutdown,
 * which for the estimate waits for the last write).
 */
export async function createHopper(
  config: RealHopperConfig,
  deps: IioDeps & { stateDir: string },
): Promise<EstimatedHopper | Hx711Hopper> {
  if (config.kind === 'estimated') {
    return EstimatedHopper.open({
      capacity: config.capacity_grams,
      stateDir: deps.stateDir,
      logger: deps.logger,
    });
  }
  const hopper = new Hx711Hopper({
    reader: channelOf(config, deps),
    calibration: { zero: config.zero, counts_per_gram: config.counts_per_gram },
    samples: config.samples,
    capacity: config.capacity_grams,
    clock: deps.clock ?? systemClock,
    logger: deps.logger,
  });
  hopper.start();
  return hopper;
}
