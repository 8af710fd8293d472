import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../clock';
import { FramePump } from './frame-pump';
import type { FrameSource } from './frame-source';

afterEach(() => {
  vi.useRealTimers();
});

function source(): FrameSource & { times: number[] } {
  const times: number[] = [];
  return {
    width: 2,
    height: 2,
    fps: 10,
    pixelFormat: 'rgb24',
    times,
    render: (now) => {
      times.push(now);
      return new Uint8Array(12);
    },
  };
}

/** A stream that takes each write after `delayMs` (a slow ffmpeg). */
function sink(delayMs: () => number): Writable {
  return new Writable({
    highWaterMark: 1,
    write(_chunk, _encoding, done) {
      setTimeout(done, delayMs());
    },
  });
}

describe('FramePump', () => {
  it('writes one frame per period, paced by the wall clock', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const frames = source();
    const pump = new FramePump(
      frames,
      sink(() => 1),
      systemClock,
    );
    pump.start();
    await vi.advanceTimersByTimeAsync(1000);
    pump.stop();
    expect(pump.written).toBe(11); // t = 0, 100, …, 1000 ms
    expect(pump.dropped).toBe(0);
    expect(frames.times.map((t) => t - 1_000_000)).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(pump.written).toBe(11);
  });

  it('drops frames instead of queueing them while the consumer is behind', async () => {
    vi.useFakeTimers({ now: 0 });
    let slow = true;
    const target = sink(() => (slow ? 250 : 1));
    const pump = new FramePump(source(), target, systemClock);
    pump.start();
    await vi.advanceTimersByTimeAsync(1000);
    // Each write takes 250 ms: only every third frame goes out and nothing piles up.
    expect(pump.written).toBeLessThanOrEqual(5);
    expect(pump.written + pump.dropped).toBe(11); // slots at t = 0, 100, …, 1000 ms
    expect(target.writableLength).toBeLessThanOrEqual(12);
    slow = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(pump.written + pump.dropped).toBe(21);
    expect(pump.written).toBeGreaterThanOrEqual(13);
    pump.stop();
  });

  it('skips the frames whose time passed while the event loop was blocked', () => {
    let now = 0;
    const timers: (() => void)[] = [];
    const clock = {
      now: () => now,
      setTimeout: (fn: () => void) => {
        timers.push(fn);
        return setTimeout(() => undefined, 0);
      },
      clearTimeout: () => undefined,
    };
    const pump = new FramePump(
      source(),
      sink(() => 0),
      clock,
    );
    pump.start();
    now = 550; // five periods late
    const next = timers.shift();
    next?.();
    expect(pump.written).toBe(1); // the write at t=0 is still in flight at t=550 (no timers ran)
    expect(pump.dropped).toBe(5);
    pump.stop();
  });
});
