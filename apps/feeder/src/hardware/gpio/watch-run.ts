import type { Clock } from '../../clock';
import type { ScaleWatch } from '../ports';

/** The station file's jam watch: jammed when the tray rose less than `min_rise_grams` over `window_ms`. */
export interface JamWatch {
  window_ms: number;
  min_rise_grams: number;
}

export interface WatchRunOptions {
  clock: Clock;
  /** How long the motor runs, ms (already capped by max_run_ms). */
  ms: number;
  watch?: ScaleWatch;
  jam: JamWatch;
  /** Between the end of one reading and the next, ms (default: a tenth of the window, 20–100). */
  pollMs?: number;
}

interface Sample {
  at: number;
  grams: number;
}

/**
 * Waits out a motor run while it watches the scale: 'ok' after `ms`, 'jammed' as soon as the grams rose less
 * than the jam threshold over the last window. Rejects when a reading throws (the caller stops the motor).
 * A reading that never returns cannot hold the motor on: the end of the run is a timer of its own.
 */
export function watchRun(options: WatchRunOptions): Promise<'ok' | 'jammed'> {
  const { clock, ms, watch, jam } = options;
  const pollMs = options.pollMs ?? Math.min(100, Math.max(20, Math.floor(jam.window_ms / 10)));
  return new Promise((resolve, reject) => {
    let done = false;
    let poll: ReturnType<Clock['setTimeout']> | undefined;
    const finish = (end: () => void) => {
      if (done) return;
      done = true;
      clock.clearTimeout(timer);
      if (poll !== undefined) clock.clearTimeout(poll);
      end();
    };
    const timer = clock.setTimeout(() => {
      finish(() => {
        resolve('ok');
      });
    }, ms);
    if (!watch) return;
    const samples: Sample[] = [];
    const read = async () => {
      let grams: number;
      try {
        grams = await watch();
      } catch (error) {
        finish(() => {
          reject(error instanceof Error ? error : new Error(String(error)));
        });
        return;
      }
      if (done) return;
      samples.push({ at: clock.now(), grams });
      if (stalled(samples, jam)) {
        finish(() => {
          resolve('jammed');
        });
        return;
      }
      poll = clock.setTimeout(() => void read(), pollMs);
    };
    void read();
  });
}

/** Whether the newest sample rose less than the threshold over the sample a full window before it. */
function stalled(samples: Sample[], jam: JamWatch): boolean {
  const newest = samples[samples.length - 1];
  if (!newest) return false;
  let base = -1;
  for (let i = samples.length - 1; i >= 0 && base < 0; i -= 1) {
    if ((samples[i]?.at ?? Infinity) <= newest.at - jam.window_ms) base = i;
  }
  if (base < 0) return false; // less than a window yet: food takes time to reach the tray
  samples.splice(0, base); // older samples are never a base again
  const from = samples[0]?.grams ?? newest.grams;
  return newest.grams - from < jam.min_rise_grams;
}
