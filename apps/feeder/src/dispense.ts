import type { DeviceAck } from '@petheart/contracts';
import type { StationHardware } from './hardware/ports';

export type DispenseOutcome = Extract<DeviceAck['outcome'], 'dispensed' | 'jammed' | 'empty' | 'failed'>;

/** The ack's upper bound on grams (DeviceAckSchema). */
const MAX_ACK_GRAMS = 1000;

/**
 * One dispense: tare the scale, run the motor, measure what fell. The outcome follows what the scale saw:
 * a motor that reports ok but moved nothing is 'empty' when the hopper is empty, else 'failed'.
 * Rejects only when a port throws (the caller acks 'failed' then).
 */
export async function dispense(
  hardware: Pick<StationHardware, 'motor' | 'scale' | 'hopper'>,
  asked: number,
): Promise<{ outcome: DispenseOutcome; grams: number }> {
  const { motor, scale, hopper } = hardware;
  if ((await hopper.level()) <= 0) return { outcome: 'empty', grams: 0 };
  await scale.tare();
  const run = await motor.run(asked, scale.sample?.bind(scale));
  const grams = Math.min(MAX_ACK_GRAMS, Math.max(0, Math.round(await scale.measure())));
  hopper.recordDispensed(grams);
  if (run !== 'ok') return { outcome: run, grams };
  if (grams > 0) return { outcome: 'dispensed', grams };
  return { outcome: (await hopper.level()) <= 0 ? 'empty' : 'failed', grams: 0 };
}
