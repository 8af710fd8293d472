import type { Writable } from 'node:stream';
import type { Clock } from '../../clock';
import type { FrameSource } from './frame-source';

/**
 * Writes a source's frames to a stream at its frame rate, paced by the wall clock: frame n is due at
 * start + n / fps. A due frame is rendered and written only when the stream has taken the previous one whole;
 * otherwise it is dropped, so a slow consumer loses frames instead of building up delay. Frames whose time
 * passed while the event loop was busy are skipped too.
 */
export class FramePump {
  readonly #source: FrameSource;
  readonly #target: Writable;
  readonly #clock: Clock;
  readonly #periodMs: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #epoch = 0;
  #next = 0;
  #running = false;
  written = 0;
  dropped = 0;

  constructor(source: FrameSource, target: Writable, clock: Clock) {
    this.#source = source;
    this.#target = target;
    this.#clock = clock;
    this.#periodMs = 1000 / source.fps;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#epoch = this.#clock.now();
    this.#next = 0;
    this.#tick();
  }

  stop(): void {
    this.#running = false;
    if (this.#timer) this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #tick(): void {
    if (!this.#running) return;
    const now = this.#clock.now();
    const slot = Math.floor((now - this.#epoch) / this.#periodMs);
    if (slot >= this.#next) {
      this.dropped += slot - this.#next; // slots that passed while the event loop was busy
      const target = this.#target;
      if (target.writable && !target.destroyed && target.writableLength === 0) {
        target.write(this.#source.render(now));
        this.written += 1;
      } else this.dropped += 1;
      this.#next = slot + 1;
    }
    const delay = Math.max(0, this.#epoch + this.#next * this.#periodMs - this.#clock.now());
    this.#timer = this.#clock.setTimeout(() => {
      this.#tick();
    }, Math.ceil(delay));
  }
}
