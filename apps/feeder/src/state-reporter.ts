import { PROTOCOL_VERSION } from '@petheart/contracts';
import type { DeviceState } from '@petheart/contracts';
import type { Clock } from './clock';
import type { CameraStats } from './hardware/ports';
import type { Logger } from './logger';

/** What a report says besides the stock: any change of these is reported at once. */
const FLAGS = ['online', 'feeder_online', 'camera_online', 'firmware', 'config_version', 'hopper_capacity'] as const;

/** A clock skew that moved by this much since the last report is worth one (like a stock change), ms. */
export const SKEW_REPORT_MS = 1000;

/**
 * The camera's rates move all the time: they are reported when they moved by a fifth (or first appear), at most
 * this often, and checked this often while the camera streams (else the console shows the rates of the moment the
 * camera came online, when ffmpeg has no average yet), ms.
 */
export const CAMERA_REPORT_MS = 60_000;
/** The first rates after the camera came online are not kept waiting a minute. */
export const FIRST_CAMERA_REPORT_MS = 5_000;

/** What the station reads when it reports. */
export interface StationReadings {
  stock: () => Promise<number>;
  cameraOnline: () => boolean;
  firmware: string;
  /** The DeviceConfig version in use (0 before any). */
  configVersion?: () => number;
  hopperCapacity?: () => number | undefined;
  /** Reported when they moved by a fifth, at most every CAMERA_REPORT_MS (FIRST_… for the first ones). */
  cameraStats?: () => CameraStats | undefined;
  /** The station's clock minus the server's, seen on the last command. */
  clockSkewMs?: () => number | undefined;
}

type Extras = Pick<DeviceState, 'config_version' | 'hopper_capacity' | 'camera_fps' | 'camera_kbps' | 'clock_skew_ms'>;

export interface StateReporterOptions {
  readings: StationReadings;
  /** Publishes a state (retained). */
  publish: (state: DeviceState) => Promise<void>;
  connected: () => boolean;
  clock: Clock;
  logger: Logger;
  /** A change of the stock alone is reported at most this often (default 1,000 ms). */
  stockReportMs?: number;
}

/**
 * The agent's state reports (retained): published when something changed (or always, when forced), in
 * order. A change of the stock alone waits until stockReportMs after the last report, then the latest
 * stock goes (a feeder dispensing several times a second on a metered mobile link sends one report a
 * second, not one a portion); online and camera changes, and the hopper running empty or being refilled
 * from empty, go at once. The config version and the hopper's capacity go at once too; a clock skew that moved
 * by SKEW_REPORT_MS waits like the stock; the camera's rates wait longer (CAMERA_REPORT_MS), and are looked at
 * that often while the camera streams.
 */
export class StateReporter {
  readonly #o: StateReporterOptions;
  #stock = 0;
  #last: DeviceState | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerDue = 0;
  #ratesTimer: ReturnType<typeof setTimeout> | undefined;
  #chain: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(options: StateReporterOptions) {
    this.#o = options;
  }

  /** Reads the stock (before the first report, for a last will that names it). */
  async readStock(): Promise<void> {
    this.#stock = Math.max(0, Math.floor(await this.#o.readings.stock()));
  }

  /** The state the broker publishes for the station when it goes away (its last will), or it says when it stops. */
  offline(): DeviceState {
    return {
      v: PROTOCOL_VERSION,
      online: false,
      feeder_online: false,
      camera_online: false,
      food_stock: this.#stock,
      firmware: this.#o.readings.firmware,
      ...this.#steady(),
      at: this.#o.clock.now(),
    };
  }

  /** Reports the state if it changed (always, with force); resolves when published or left for later. */
  report(force = false): Promise<void> {
    const run = this.#chain.then(() => this.#report(force));
    this.#chain = run.catch((error: unknown) => {
      this.#o.logger.warn('state not published', { error: String(error) });
    });
    return run;
  }

  /** No more reports (one waiting for its interval is dropped). */
  stop(): void {
    this.#stopped = true;
    this.#cancel();
    if (this.#ratesTimer) this.#o.clock.clearTimeout(this.#ratesTimer);
    this.#ratesTimer = undefined;
  }

  async #report(force: boolean): Promise<void> {
    if (this.#stopped || !this.#o.connected()) return;
    await this.readStock();
    const fields = {
      v: PROTOCOL_VERSION,
      online: true,
      feeder_online: true,
      camera_online: this.#o.readings.cameraOnline(),
      food_stock: this.#stock,
      firmware: this.#o.readings.firmware,
      ...this.#extras(),
    } as const;
    if (fields.camera_online && this.#o.readings.cameraStats) this.#watchRates(fields.camera_fps === undefined);
    const wait = force ? 0 : this.#wait(fields);
    if (wait === null) return;
    if (wait > 0) {
      // A report waiting longer (the camera's rates) is brought forward by one that waits less (the stock).
      const due = this.#o.clock.now() + wait;
      if (this.#timer && this.#timerDue <= due) return;
      this.#cancel();
      this.#timerDue = due;
      this.#timer = this.#o.clock.setTimeout(() => {
        this.#timer = undefined;
        void this.report();
      }, wait);
      return;
    }
    this.#cancel();
    const state: DeviceState = { ...fields, at: this.#o.clock.now() };
    this.#last = state;
    await this.#o.publish(state);
  }

  /**
   * How long a report of these fields waits after the last one: null when nothing changed, > 0 only when
   * the stock alone changed, and not to or from empty.
   */
  #wait(fields: Omit<DeviceState, 'at'>): number | null {
    const last = this.#last;
    if (!last || FLAGS.some((k) => fields[k] !== last[k])) return 0;
    const stockMoved = fields.food_stock !== last.food_stock;
    const soon = stockMoved || skewMoved(last.clock_skew_ms, fields.clock_skew_ms);
    if (!soon && !ratesMoved(last, fields)) return null;
    if (stockMoved && (fields.food_stock === 0 || last.food_stock === 0)) return 0;
    const interval = soon
      ? (this.#o.stockReportMs ?? 1000)
      : last.camera_fps === undefined
        ? FIRST_CAMERA_REPORT_MS
        : CAMERA_REPORT_MS;
    return Math.max(0, last.at + interval - this.#o.clock.now());
  }

  /** While the camera streams, a look at its rates every so often (a report if they moved). */
  #watchRates(first: boolean): void {
    this.#ratesTimer ??= this.#o.clock.setTimeout(
      () => {
        this.#ratesTimer = undefined;
        void this.report();
      },
      first ? FIRST_CAMERA_REPORT_MS : CAMERA_REPORT_MS,
    );
  }

  /** What does not depend on the station being online (also in the last will). */
  #steady(): Pick<Extras, 'config_version' | 'hopper_capacity'> {
    const r = this.#o.readings;
    const capacity = r.hopperCapacity?.();
    return {
      ...(r.configVersion && { config_version: r.configVersion() }),
      ...(capacity !== undefined &&
        Number.isFinite(capacity) && { hopper_capacity: Math.max(0, Math.round(capacity)) }),
    };
  }

  #extras(): Extras {
    const read = this.#o.readings.cameraStats?.();
    const stats = read && Number.isFinite(read.fps) && Number.isFinite(read.kbps) ? read : undefined;
    const skew = this.#o.readings.clockSkewMs?.();
    return {
      ...this.#steady(),
      ...(stats && {
        // Bounded as DeviceStateSchema wants them.
        camera_fps: Math.min(120, Math.max(0, Math.round(stats.fps * 10) / 10)),
        camera_kbps: Math.min(100_000, Math.max(0, Math.round(stats.kbps))),
      }),
      ...(skew !== undefined && { clock_skew_ms: Math.round(skew) }),
    };
  }

  #cancel(): void {
    if (this.#timer) this.#o.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}

/** The camera's rates first appear, or moved by a fifth (fps) or a quarter (bit rate). */
function ratesMoved(last: DeviceState, now: Omit<DeviceState, 'at'>): boolean {
  if (now.camera_fps === undefined || now.camera_kbps === undefined) return false;
  if (last.camera_fps === undefined || last.camera_kbps === undefined) return true;
  return (
    Math.abs(now.camera_fps - last.camera_fps) >= Math.max(1, last.camera_fps / 5) ||
    Math.abs(now.camera_kbps - last.camera_kbps) >= Math.max(50, last.camera_kbps / 4)
  );
}

function skewMoved(last: number | undefined, now: number | undefined): boolean {
  if (now === undefined) return false;
  return last === undefined || Math.abs(now - last) >= SKEW_REPORT_MS;
}
