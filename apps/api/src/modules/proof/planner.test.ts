import { describe, expect, it } from 'vitest';
import { feedWindow, placeFeed, planClips, PROOF_TIMING, type FedFeed } from './planner';

/** A fake clock's seconds, in ms from 0. */
const s = (seconds: number) => seconds * 1000;
const ids = () => {
  let n = 0;
  return () => `clip-${String(++n)}`;
};
let feeds = 0;
const fed = (deviceId: string, createdS: number, answeredS: number): FedFeed => ({
  id: `feed-${String(++feeds)}`,
  deviceId,
  createdMs: s(createdS),
  answeredMs: s(answeredS),
});
const CUT_DELAY = 500;

describe('a feed’s window', () => {
  it('runs from 2 s before the dispense began to 6 s after the answer', () => {
    expect(feedWindow(fed('A', 10, 13), undefined, PROOF_TIMING)).toEqual({ startMs: s(8), endMs: s(19) });
  });

  it('begins after the answer to the feed before it on the device (a queued feed waited its turn)', () => {
    expect(feedWindow(fed('A', 10, 30), s(27), PROOF_TIMING)).toEqual({ startMs: s(25), endMs: s(36) });
    // An answer before the feed was made does not move its start.
    expect(feedWindow(fed('A', 10, 13), s(5), PROOF_TIMING)).toEqual({ startMs: s(8), endMs: s(19) });
  });

  it('reaches back at most maxDispenseMs before the answer, and never after it', () => {
    expect(feedWindow(fed('A', 0, 100), undefined, PROOF_TIMING)).toEqual({ startMs: s(78), endMs: s(106) });
    expect(feedWindow(fed('A', 50, 40), undefined, PROOF_TIMING)).toEqual({ startMs: s(38), endMs: s(46) });
  });
});

describe('placing a feed', () => {
  const open = { id: 'open', deviceId: 'A', startMs: s(8), endMs: s(19), feedIds: ['f0'] };

  it('joins the device’s open clip when the windows overlap, extending its end', () => {
    const placed = placeFeed(open, { id: 'f1', deviceId: 'A' }, { startMs: s(12), endMs: s(21) }, s(30), ids());
    expect(placed).toEqual({
      kind: 'join',
      clip: { id: 'open', deviceId: 'A', startMs: s(8), endMs: s(21), feedIds: ['f0', 'f1'] },
    });
    expect(open.endMs).toBe(s(19)); // not changed in place
  });

  it('joins when the windows only touch, and starts a new clip after a gap', () => {
    expect(placeFeed(open, { id: 'f1', deviceId: 'A' }, { startMs: s(19), endMs: s(27) }, s(30), ids()).kind).toBe(
      'join',
    );
    const placed = placeFeed(open, { id: 'f1', deviceId: 'A' }, { startMs: s(19.001), endMs: s(27) }, s(30), ids());
    expect(placed).toEqual({
      kind: 'new',
      clip: { id: 'clip-1', deviceId: 'A', startMs: s(19.001), endMs: s(27), feedIds: ['f1'] },
    });
  });

  it('starts a new clip when joining would pass the cap, and for another device', () => {
    expect(placeFeed(open, { id: 'f1', deviceId: 'A' }, { startMs: s(18), endMs: s(38.001) }, s(30), ids()).kind).toBe(
      'new',
    );
    expect(placeFeed(open, { id: 'f1', deviceId: 'A' }, { startMs: s(18), endMs: s(38) }, s(30), ids()).kind).toBe(
      'join',
    );
    expect(placeFeed(open, { id: 'f1', deviceId: 'B' }, { startMs: s(10), endMs: s(18) }, s(30), ids()).kind).toBe(
      'new',
    );
  });
});

describe('planning clips', () => {
  it('gives two feeds 1 s apart on one device one clip covering both', () => {
    const a = fed('A', 10, 11);
    const b = fed('A', 11, 12);
    const clips = planClips([a, b], PROOF_TIMING, CUT_DELAY, ids());
    expect(clips).toEqual([{ id: 'clip-1', deviceId: 'A', startMs: s(8), endMs: s(18), feedIds: [a.id, b.id] }]);
  });

  it('makes one clip per feed when feeds are further apart than a window', () => {
    const clips = planClips([fed('A', 0, 1), fed('A', 30, 31), fed('A', 60, 61)], PROOF_TIMING, CUT_DELAY, ids());
    expect(clips.map((c) => [c.startMs, c.endMs, c.feedIds.length])).toEqual([
      [s(-2), s(7), 1],
      [s(28), s(37), 1],
      [s(58), s(67), 1],
    ]);
  });

  it('grows with dispenses per device, not with taps: a feed every 2 s for a minute is three clips of ≤ 30 s', () => {
    // Each dispense takes 1.5 s; the next is tapped as the previous one is answered.
    const run = Array.from({ length: 30 }, (_, i) => fed('A', i * 2, i * 2 + 1.5));
    const clips = planClips(run, PROOF_TIMING, CUT_DELAY, ids());
    expect(clips).toHaveLength(3);
    for (const c of clips) expect(c.endMs - c.startMs).toBeLessThanOrEqual(PROOF_TIMING.capMs);
    expect(clips.flatMap((c) => c.feedIds)).toEqual(run.map((f) => f.id));
    // Every feed's own window is inside its clip.
    for (const c of clips)
      for (const id of c.feedIds) {
        const f = run.find((r) => r.id === id);
        expect(f && f.answeredMs + PROOF_TIMING.tailMs).toBeLessThanOrEqual(c.endMs);
        expect(f && f.answeredMs - PROOF_TIMING.leadMs).toBeGreaterThanOrEqual(c.startMs);
      }
  });

  it('keeps devices apart: 100 devices each dispensing every 2 s make clips per device, each within the cap', () => {
    const run = Array.from({ length: 100 }, (_, d) =>
      Array.from({ length: 15 }, (_, i) => fed(`D${String(d)}`, i * 2 + d / 100, i * 2 + d / 100 + 1)),
    ).flat();
    const clips = planClips(run, PROOF_TIMING, CUT_DELAY, ids());
    expect(clips).toHaveLength(100 * 2);
    for (const c of clips) {
      expect(c.endMs - c.startMs).toBeLessThanOrEqual(PROOF_TIMING.capMs);
      expect(new Set(c.feedIds.map((id) => run.find((r) => r.id === id)?.deviceId))).toEqual(new Set([c.deviceId]));
    }
  });

  it('starts a new clip for a feed answered after the open clip was cut', () => {
    // The first clip ends at 7 s and is cut at 7.5 s: a feed answered at 7.6 s (window from 5.6 s) cannot join it.
    const clips = planClips([fed('A', 0, 1), fed('A', 7, 7.6)], PROOF_TIMING, CUT_DELAY, ids());
    expect(clips).toHaveLength(2);
  });
});
