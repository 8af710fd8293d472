import { describe, expect, it } from 'vitest';
import { RoomOnlineWatch } from './room-online';

function watch(minOfflineMs = 180_000) {
  let now = 1_000_000;
  const told: [string, number][] = [];
  const w = new RoomOnlineWatch({
    now: () => now,
    minOfflineMs,
    onBackOnline: (id, at) => told.push([id, at]),
  });
  return { w, told, advance: (ms: number) => (now += ms), at: () => now };
}

describe('RoomOnlineWatch', () => {
  it('tells once when a room offline for long enough is live again, not on every report', () => {
    const { w, told, advance, at } = watch();
    w.seen('A', false);
    advance(180_000);
    w.seen('A', true);
    w.seen('A', true);
    expect(told).toEqual([['A', at()]]);
    advance(60_000);
    w.seen('A', false);
    w.seen('A', false);
    advance(200_000);
    w.seen('A', true);
    expect(told).toHaveLength(2);
  });

  it('tells nobody about a flap, timed from when it went offline', () => {
    const { w, told, advance } = watch();
    w.seen('A', false);
    advance(100_000);
    w.seen('A', false);
    advance(79_999);
    w.seen('A', true);
    expect(told).toEqual([]);
  });

  it('counts a room first seen online as offline since the process began', () => {
    const { w, told, advance } = watch();
    advance(10_000);
    w.seen('A', true);
    expect(told).toEqual([]);
    advance(170_000);
    w.seen('B', true);
    w.seen('A', true);
    expect(told.map(([id]) => id)).toEqual(['B']);
  });
});
