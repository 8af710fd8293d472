import { afterEach, describe, expect, it, vi } from 'vitest';
import { Periodic } from './periodic';

describe('Periodic', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a pass at start, then one per interval, never two at once, and none after stop', async () => {
    vi.useFakeTimers();
    let passes = 0;
    let release: (() => void) | undefined;
    const periodic = new Periodic(
      () => {
        passes++;
        return passes === 2 ? new Promise<void>((r) => (release = r)) : Promise.resolve();
      },
      1000,
      () => undefined,
    );
    await periodic.start();
    expect(passes).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes).toBe(2);
    // The second pass is still running: the next two ticks are skipped.
    await vi.advanceTimersByTimeAsync(2000);
    expect(passes).toBe(2);
    release?.();
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes).toBe(3);
    await periodic.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(passes).toBe(3);
  });

  it('reports a failed pass and keeps going; stop waits for the pass under way', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let calls = 0;
    let finished = false;
    const periodic = new Periodic(
      async () => {
        calls++;
        if (calls === 1) throw new Error('first pass failed');
        await new Promise((r) => setTimeout(r, 300));
        finished = true;
      },
      1000,
      (e) => errors.push(e),
    );
    await periodic.start();
    expect(errors).toEqual([new Error('first pass failed')]);
    await vi.advanceTimersByTimeAsync(1000);
    const stopped = periodic.stop();
    await vi.advanceTimersByTimeAsync(300);
    await stopped;
    expect(finished).toBe(true);
    expect(calls).toBe(2);
  });
});
