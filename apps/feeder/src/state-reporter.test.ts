import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceState } from '@petheart/contracts';
import { systemClock } from './clock';
import { CAMERA_REPORT_MS, FIRST_CAMERA_REPORT_MS, StateReporter } from './state-reporter';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

function reporter(stockReportMs = 1000) {
  const station = {
    stock: 5000,
    camera: true,
    connected: true,
    config: 0,
    skew: undefined as number | undefined,
    stats: undefined as { fps: number; kbps: number } | undefined,
  };
  const published: DeviceState[] = [];
  const state = new StateReporter({
    readings: {
      stock: () => Promise.resolve(station.stock),
      cameraOnline: () => station.camera,
      firmware: 'fw-1',
      configVersion: () => station.config,
      hopperCapacity: () => 8000,
      cameraStats: () => station.stats,
      clockSkewMs: () => station.skew,
    },
    publish: (s) => {
      published.push(s);
      return Promise.resolve();
    },
    connected: () => station.connected,
    clock: systemClock,
    logger: silent,
    stockReportMs,
  });
  const stocks = () => published.map((s) => s.food_stock);
  return { station, published, state, stocks };
}

describe('StateReporter', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('publishes a forced report always, and an unforced one only when something changed', async () => {
    const { state, published } = reporter();
    await state.report(true);
    await state.report(true);
    await state.report();
    expect(published).toHaveLength(2);
    expect(published[0]).toMatchObject({ online: true, feeder_online: true, camera_online: true, food_stock: 5000 });
  });

  it('reports stock-only changes once per interval, the latest stock at the end of it', async () => {
    const { state, station, published, stocks } = reporter(1000);
    await state.report(true);
    for (const stock of [4990, 4980, 4970]) {
      station.stock = stock;
      await vi.advanceTimersByTimeAsync(100);
      await state.report();
    }
    expect(stocks()).toEqual([5000]);
    await vi.advanceTimersByTimeAsync(699);
    expect(stocks()).toEqual([5000]);
    await vi.advanceTimersByTimeAsync(1);
    expect(stocks()).toEqual([5000, 4970]);
    expect((published[1]?.at ?? 0) - (published[0]?.at ?? 0)).toBe(1000);
    // A change after a quiet interval goes at once.
    await vi.advanceTimersByTimeAsync(5000);
    station.stock = 4960;
    await state.report();
    expect(stocks()).toEqual([5000, 4970, 4960]);
  });

  it('reports a camera change, and the hopper running empty or refilled from empty, at once', async () => {
    const { state, station, published, stocks } = reporter(1000);
    await state.report(true);
    station.stock = 4990;
    await state.report();
    station.camera = false;
    await state.report();
    expect(published.at(-1)).toMatchObject({ camera_online: false, food_stock: 4990 });
    station.stock = 0;
    await state.report();
    station.stock = 3000;
    await state.report();
    expect(stocks()).toEqual([5000, 4990, 0, 3000]);
    // The stock report that was waiting went with the camera's: nothing more when its time comes.
    await vi.advanceTimersByTimeAsync(2000);
    expect(published).toHaveLength(4);
  });

  it('drops a waiting report when stopped, and reports nothing while disconnected', async () => {
    const { state, station, published } = reporter(1000);
    await state.report(true);
    station.stock = 4990;
    await state.report();
    state.stop();
    await vi.advanceTimersByTimeAsync(2000);
    expect(published).toHaveLength(1);

    const other = reporter(1000);
    other.station.connected = false;
    await other.state.report(true);
    expect(other.published).toHaveLength(0);
    expect(other.state.offline()).toMatchObject({ online: false, food_stock: 0, firmware: 'fw-1' });
    await other.state.readStock();
    expect(other.state.offline().food_stock).toBe(5000);
  });

  it('reports a new config version at once, with the hopper capacity, also in the last will', async () => {
    const { state, station, published } = reporter(1000);
    await state.report(true);
    expect(published[0]).toMatchObject({ config_version: 0, hopper_capacity: 8000 });
    expect(published[0]).not.toHaveProperty('clock_skew_ms');
    station.stock = 4990;
    await state.report(); // waits for the interval
    station.config = 7;
    await state.report();
    expect(published.map((s) => [s.config_version, s.food_stock])).toEqual([
      [0, 5000],
      [7, 4990],
    ]);
    expect(state.offline()).toMatchObject({ online: false, config_version: 7, hopper_capacity: 8000 });
  });

  it('reports a clock skew that moved by a second like a stock change; camera rates go along', async () => {
    const { state, station, published } = reporter(1000);
    await state.report(true);
    station.stats = { fps: 14.96, kbps: 351.6 };
    await state.report();
    expect(published).toHaveLength(1); // the camera's rates alone wait longer
    station.skew = 40;
    await state.report();
    expect(published).toHaveLength(1); // a skew waits for the interval, like the stock
    await vi.advanceTimersByTimeAsync(1000);
    expect(published.at(-1)).toMatchObject({ clock_skew_ms: 40, camera_fps: 15, camera_kbps: 352 });
    await vi.advanceTimersByTimeAsync(5000);
    station.skew = 1039; // moved by less than a second
    await state.report();
    expect(published).toHaveLength(2);
    station.skew = -960;
    await state.report();
    expect(published.at(-1)).toMatchObject({ clock_skew_ms: -960 });
    expect(published).toHaveLength(3);
  });

  it('reports the camera’s first rates a few seconds after it came online, then only when they moved, once a minute', async () => {
    const { state, station, published } = reporter(1000);
    await state.report(true); // online, ffmpeg has no rates yet
    expect(published[0]?.camera_fps).toBeUndefined();
    station.stats = { fps: 15, kbps: 350 };
    await vi.advanceTimersByTimeAsync(FIRST_CAMERA_REPORT_MS);
    expect(published).toHaveLength(2);
    expect(published[1]).toMatchObject({ camera_fps: 15, camera_kbps: 350 });
    // A wobble is not reported; a real change is, a minute after the last report.
    station.stats = { fps: 14.6, kbps: 362 };
    await vi.advanceTimersByTimeAsync(CAMERA_REPORT_MS);
    expect(published).toHaveLength(2);
    station.stats = { fps: 7.5, kbps: 180 };
    await vi.advanceTimersByTimeAsync(CAMERA_REPORT_MS);
    expect(published).toHaveLength(3);
    expect(published[2]).toMatchObject({ camera_fps: 7.5, camera_kbps: 180 });
    // Stopped: no more looks.
    state.stop();
    station.stats = { fps: 1, kbps: 20 };
    await vi.advanceTimersByTimeAsync(3 * CAMERA_REPORT_MS);
    expect(published).toHaveLength(3);
  });
});
