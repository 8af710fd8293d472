import { describe, expect, it } from 'vitest';
import { Coalescer, type CoalescerTimers } from './coalescer';

/** Timers a test runs by hand. */
class ManualTimers implements CoalescerTimers {
  t = 0;
  private next = 1;
  private pending = new Map<number, { at: number; fn: () => void }>();
  now() {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number) {
    const id = this.next++;
    this.pending.set(id, { at: this.t + ms, fn });
    return id;
  }
  clearTimeout(handle: unknown) {
    this.pending.delete(handle as number);
  }
  /** Moves the time forward, running every timer that falls due, in order. */
  advance(ms: number) {
    const end = this.t + ms;
    for (;;) {
      const due = [...this.pending.entries()].filter(([, p]) => p.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.t = Math.max(this.t, due[1].at);
      due[1].fn();
    }
    this.t = end;
  }
  get count() {
    return this.pending.size;
  }
}

function setup() {
  const timers = new ManualTimers();
  const values = new Map<string, number>();
  const sent: { key: string; value: number; at: number }[] = [];
  const coalescer = new Coalescer(
    1000,
    (key) => values.get(key) ?? 0,
    (key, value) => sent.push({ key, value, at: timers.t }),
    timers,
  );
  return { timers, values, sent, coalescer };
}

describe('Coalescer', () => {
  it('sends the first change on the next turn, then at most once a second with the final value', () => {
    const { timers, values, sent, coalescer } = setup();
    values.set('room', 1);
    coalescer.touch('room');
    timers.advance(0);
    expect(sent).toEqual([{ key: 'room', value: 1, at: 0 }]);
    // 20 joins within the next second.
    for (let i = 2; i <= 21; i++) {
      values.set('room', i);
      coalescer.touch('room');
      timers.advance(40);
    }
    timers.advance(1000);
    expect(sent).toEqual([
      { key: 'room', value: 1, at: 0 },
      { key: 'room', value: 21, at: 1000 },
    ]);
  });

  it('sends nothing when the value did not change, and keys are independent', () => {
    const { timers, values, sent, coalescer } = setup();
    values.set('a', 2);
    coalescer.touch('a');
    timers.advance(0);
    // A join and a leave within the interval: the trailing read finds the same value.
    coalescer.touch('a');
    timers.advance(1500);
    values.set('b', 1);
    coalescer.touch('b');
    timers.advance(0);
    expect(sent.map((s) => `${s.key}=${String(s.value)}`)).toEqual(['a=2', 'b=1']);
  });

  it('forgets an empty key after an interval, and stop cancels pending sends', () => {
    const { timers, values, sent, coalescer } = setup();
    values.set('a', 1);
    coalescer.touch('a');
    timers.advance(0);
    values.set('a', 0);
    coalescer.touch('a');
    timers.advance(1000);
    expect(sent.at(-1)).toEqual({ key: 'a', value: 0, at: 1000 });
    timers.advance(1000);
    expect(coalescer.size).toBe(0);
    values.set('b', 3);
    coalescer.touch('b');
    coalescer.stop();
    timers.advance(5000);
    expect(sent.some((s) => s.key === 'b')).toBe(false);
    expect(timers.count).toBe(0);
  });
});
