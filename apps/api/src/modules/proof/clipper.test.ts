import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toProof } from '../feed/presenter';
import { ProofClipper, type ProofClipEvent } from './clipper';
import type { ProofEnd } from './repository';

/** The clipper with an in-memory repository, a stand-in media engine and cut; the timers are vitest's. */
function setup(o: { online?: boolean; recordedMs?: number; cutFails?: boolean } = {}) {
  const rows = new Map<string, { deviceId: string; startsAt: Date; endsAt: Date; end?: ProofEnd }>();
  const failed: string[] = [];
  const cuts: { files: string[]; target: string }[] = [];
  const asked: number[] = [];
  const clipper = new ProofClipper({
    repo: {
      open: (c) => {
        rows.set(c.id, { deviceId: c.deviceId, startsAt: c.startsAt, endsAt: c.endsAt });
        return Promise.resolve();
      },
      extend: (id, w) => {
        const row = rows.get(id);
        if (row) Object.assign(row, w);
        return Promise.resolve();
      },
      finish: (id, end) => {
        const row = rows.get(id);
        if (row) row.end = end;
        return Promise.resolve();
      },
      fail: (ids) => {
        failed.push(...ids);
        return Promise.resolve();
      },
      cameraOnline: () => Promise.resolve(false),
    },
    media: {
      cameraOnline: () => o.online ?? true,
      recent: (_deviceId, windowMs) => {
        asked.push(windowMs);
        return Promise.resolve({ files: ['a.ts', 'b.ts', 'c.ts'], durationMs: o.recordedMs ?? windowMs + 1_000 });
      },
    },
    ffmpeg: 'ffmpeg',
    uploadDir: '/uploads',
    workDir: '/tmp/work',
    clock: { now: () => new Date() },
    writeClip: (_ffmpeg, files, target) => {
      if (o.cutFails) return Promise.reject(new Error('ffmpeg failed'));
      cuts.push({ files, target });
      return Promise.resolve({ bytes: 1234, durationMs: 9_000 });
    },
    onError: () => undefined,
  });
  const events: ProofClipEvent[] = [];
  clipper.onClip((e) => events.push(e));
  let n = 0;
  /** A feed made `waitedMs` before now and answered now. */
  const feed = (deviceId: string, waitedMs = 1_000) => {
    const now = Date.now();
    return { id: `feed-${String(++n)}`, deviceId, createdAt: new Date(now - waitedMs), settledAt: new Date(now) };
  };
  return { clipper, rows, failed, cuts, asked, events, feed };
}

describe('the proof clipper', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes a pending clip at once and cuts it half a second after its window ends', async () => {
    const t = setup();
    const f = t.feed('A');
    t.clipper.fed([f]);
    await vi.advanceTimersByTimeAsync(0);
    const [id, row] = [...t.rows][0] ?? [];
    expect(row).toMatchObject({ deviceId: 'A', endsAt: new Date(Date.now() + 6_000) });
    expect(row?.end).toBeUndefined();
    expect(t.clipper.inProgress()).toEqual([id]);
    await vi.advanceTimersByTimeAsync(6_499);
    expect(t.cuts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    // 1 s of dispense + 2 s before + 6 s after, and the half second since.
    expect(t.asked).toEqual([9_500]);
    expect(t.cuts).toEqual([{ files: ['a.ts', 'b.ts', 'c.ts'], target: `/uploads/proofs/${String(id)}.mp4` }]);
    expect(t.events).toEqual([
      {
        id,
        deviceId: 'A',
        feedIds: [f.id],
        end: { state: 'ready', path: `proofs/${String(id)}.mp4`, durationMs: 9_000, bytes: 1234 },
      },
    ]);
    expect(t.clipper.inProgress()).toEqual([]);
  });

  it('lets feeds on one device in the same seconds share a clip cut once, later; another device gets its own', async () => {
    const t = setup();
    const first = t.feed('A');
    const other = t.feed('B');
    t.clipper.fed([first, other]);
    await vi.advanceTimersByTimeAsync(3_000);
    const second = t.feed('A');
    t.clipper.fed([second]);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(t.cuts).toHaveLength(1); // B's, 6.5 s after its answer; A's clip was extended
    await vi.advanceTimersByTimeAsync(3_000);
    expect(t.cuts).toHaveLength(2);
    expect(t.events.map((e) => [e.deviceId, e.feedIds])).toEqual([
      ['B', [other.id]],
      ['A', [first.id, second.id]],
    ]);
    const a = [...t.rows.values()].find((r) => r.deviceId === 'A');
    expect(a && a.endsAt.getTime() - a.startsAt.getTime()).toBe(12_000);
  });

  it('says no camera when the camera is off, or its recording does not reach back to the answer', async () => {
    const off = setup({ online: false });
    off.clipper.fed([off.feed('A')]);
    await vi.advanceTimersByTimeAsync(7_000);
    expect(off.events.map((e) => e.end)).toEqual([{ state: 'no_camera' }]);
    expect(off.cuts).toEqual([]);

    const late = setup({ recordedMs: 4_000 });
    late.clipper.fed([late.feed('A')]);
    await vi.advanceTimersByTimeAsync(7_000);
    expect(late.events.map((e) => e.end)).toEqual([{ state: 'no_camera' }]);
  });

  it('marks a clip failed when the cut fails', async () => {
    const t = setup({ cutFails: true });
    t.clipper.fed([t.feed('A')]);
    await vi.advanceTimersByTimeAsync(7_000);
    expect(t.events.map((e) => e.end)).toEqual([{ state: 'failed' }]);
  });

  it('fails the clips it has not cut when it stops, and ignores feeds after', async () => {
    const t = setup();
    t.clipper.fed([t.feed('A'), t.feed('B')]);
    await vi.advanceTimersByTimeAsync(0);
    await t.clipper.stop();
    expect(t.failed.sort()).toEqual([...t.rows.keys()].sort());
    t.clipper.fed([t.feed('C')]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.rows.size).toBe(2);
    expect(t.cuts).toEqual([]);
  });
});

describe('a receipt’s proof', () => {
  const now = new Date(Date.UTC(2026, 0, 1, 12));
  const view = { assetHost: '', clipping: true, now };
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('is the clip: its address only once ready', () => {
    expect(toProof({ state: 'ready', path: 'proofs/x.mp4', durationMs: 9_000 }, ago(60_000), view)).toEqual({
      state: 'ready',
      url: '/uploads/proofs/x.mp4',
      duration_ms: 9_000,
    });
    expect(
      toProof({ state: 'ready', path: 'proofs/x.mp4', durationMs: 9_000 }, ago(0), {
        ...view,
        assetHost: 'https://cdn',
      }),
    ).toMatchObject({ url: 'https://cdn/uploads/proofs/x.mp4' });
    expect(toProof({ state: 'expired', path: '', durationMs: 9_000 }, ago(0), view)).toEqual({
      state: 'expired',
      url: '',
      duration_ms: 0,
    });
  });

  it('without a clip: pending just after the answer, failed later; no camera when no clips are cut here', () => {
    expect(toProof(null, ago(5_000), view).state).toBe('pending');
    expect(toProof(null, ago(61_000), view).state).toBe('failed');
    expect(toProof(null, ago(5_000), { ...view, clipping: false }).state).toBe('no_camera');
  });
});
