/**
 * Hardware ports of a feeding station. The agent only talks to these interfaces; `sim/` implements them in
 * memory, and a real board implements them with its drivers (see apps/feeder/README.md).
 */

/** How a motor run ended, as far as the driver can tell (the scale says what actually fell). */
export type MotorRunResult = 'ok' | 'jammed' | 'failed';

/** Drives the auger/valve. A real driver turns grams into run time with its calibration. */
export interface MotorDriver {
  /**
   * Runs the motor for `grams` worth of food; resolves when it has stopped. Never rejects on a jam. A driver that
   * watches for jams reads `watch` (grams on the tray since the tare, unsettled) while it runs.
   */
  run(grams: number, watch?: ScaleWatch): Promise<MotorRunResult>;
}

/** One quick, unsettled reading of the grams on the tray since the last tare (for watching a motor run). */
export type ScaleWatch = () => Promise<number>;

/** A load cell's calibration: the raw reading with nothing on it, and raw counts per gram. */
export interface ScaleCalibration {
  zero: number;
  counts_per_gram: number;
}

/** The load cell under the dispensing tray. */
export interface Scale {
  /** Zeroes the scale on what is on it now. */
  tare(): Promise<void>;
  /** Grams added since the last tare, once the reading has settled (may be fractional or slightly negative). */
  measure(): Promise<number>;
  /** One quick reading without waiting for it to settle (a scale without one is not watched during a run). */
  sample?(): Promise<number>;
  /** The calibration in use, for scales that have one (the agent keeps it on disk and sets it at start). */
  calibration?: ScaleCalibration;
  /** With `knownGrams` on the tray (placed after a tare): sets and returns the new calibration. */
  calibrate?(knownGrams: number): Promise<ScaleCalibration>;
}

/** The food container. */
export interface Hopper {
  /** Food left, grams (measured by a second load cell, or estimated from what was dispensed). */
  level(): Promise<number>;
  /** Told what the scale measured after each dispense, for hoppers that estimate their level. */
  recordDispensed(grams: number): void;
  /** Calls `listener` when the level changes outside a dispense (e.g. a refill); returns an unsubscribe. */
  onChange?(listener: () => void): () => void;
  /** Grams it holds when full, when known. */
  readonly capacity?: number;
  /** The operator added `grams` (for a hopper that estimates its level; may return a promise of the write). */
  refill?(grams: number): unknown;
}

/** What a camera sends, measured over its last seconds. */
export interface CameraStats {
  fps: number;
  kbps: number;
}

/** The station's camera: publishes the live stream (ffmpeg to the media server). Implemented separately. */
export interface Camera {
  /** Starts streaming to `rtmpUrl` (the device's own publish address). */
  start(rtmpUrl: string): Promise<void>;
  /** Stops streaming and releases the device. */
  stop(): Promise<void>;
  /** Whether frames are being published right now. */
  online(): boolean;
  /** Calls `listener` whenever `online()` changes; returns an unsubscribe. */
  onChange(listener: (online: boolean) => void): () => void;
  /** What it sends now (undefined while it sends nothing or cannot tell). */
  stats?(): CameraStats | undefined;
}

/** Everything the agent drives. The camera is optional: without one the device reports camera_online=false. */
export interface StationHardware {
  motor: MotorDriver;
  scale: Scale;
  hopper: Hopper;
  camera?: Camera;
}
