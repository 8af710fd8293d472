import { vi } from 'vitest';
import { fireEvent } from '@testing-library/react';
import type { DeviceAlert, DeviceHealth, DeviceRefill, ManagedDevice, ManageSummary } from '@petheart/contracts';
import { configurationEndpoints, manageEndpoints, stationCareEndpoints, uploadEndpoints } from '@petheart/contracts';
import { CONFIG, apiCallOf, type ApiCall } from '../../../test-support/app';

/** Test data and a fake API for the manage page and its station health (never imported by app code). */

/** A page's first render loads its lazy module (cold in a test run): wait longer for it. */
export const SLOW = { timeout: 10_000 };
export const NOW = Date.now();
const HOUR = 3_600_000;

const fig = (coins: number) => ({ coins, amount: coins * 10 });
export const SUMMARY: ManageSummary = {
  balance: fig(2_435),
  available: fig(1_535),
  held: fig(900),
  revenue_today: fig(36),
  revenue_total: fig(2_571),
  cashed_out: fig(1_000),
  base_count: 1,
  device_count: 2,
  online_count: 2,
  coin_value: 10,
  currency: 'CNY',
};

export const device = (n: number, over: Partial<ManagedDevice> = {}): ManagedDevice => ({
  device_id: `PH-000${String(n)}`,
  name: `Bund Feeder ${n === 1 ? 'A' : 'B'}`,
  base_id: 1,
  base_name: 'Bund Riverside Cat Corner',
  days_in_operation: 12,
  revenue_share_bp: 3_000,
  revenue_share: 1_271,
  revenue_share_today: 36,
  online: true,
  feeder_online: true,
  camera_online: true,
  disabled: false,
  feeds_today: 3,
  feeds_total: 144,
  grams_today: 120,
  grams_total: 5_200,
  ...over,
});

export const alert = (id: number, over: Partial<DeviceAlert> = {}): DeviceAlert => ({
  id,
  device_id: 'PH-0001',
  device_name: 'Bund Feeder A',
  kind: 'feeder_offline',
  opened_at: NOW - 2 * HOUR,
  resolved_at: null,
  detail: {},
  ...over,
});

export const refill = (id: number, over: Partial<DeviceRefill> = {}): DeviceRefill => ({
  id,
  grams: 2_000,
  photo: '',
  recorded_by: 'Lin',
  created_at: NOW - id * HOUR,
  status: 'applied',
  ...over,
});

export const health = (over: Partial<DeviceHealth> = {}): DeviceHealth => ({
  online: true,
  feeder_online: true,
  camera_online: true,
  food_stock: 1_200,
  last_seen_at: Math.floor(NOW / 1000) - 120,
  device_id: 'PH-0001',
  name: 'Bund Feeder A',
  base_name: 'Bund Riverside Cat Corner',
  firmware: '0.9.3',
  config_version: 2,
  config_running: 2,
  hopper_capacity: 5_000,
  hopper_alert_grams: 500,
  grams_per_day: 343,
  days_left: 3.5,
  jams_24h: 2,
  failed_24h: 1,
  camera_fps: 24.5,
  camera_kbps: 1_850,
  clock_skew_ms: 40,
  alerts: [],
  refills: [],
  ...over,
});

/** A refused call: the HTTP status, the error id, the message and the fields it names. */
export class Fail {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly msg: string,
    readonly fields?: { path: string; message: string }[],
  ) {}
}

export interface ManageState {
  devices?: ManagedDevice[];
  alerts?: DeviceAlert[];
  /** Each station's health by device id; a recorded refill joins its refills. */
  healths?: Record<string, DeviceHealth>;
}

const paged = <T>(rows: T[], c: ApiCall) => {
  const page = Number(c.body.page ?? 1);
  const limit = Number(c.body.limit ?? 10);
  return { list: rows.slice((page - 1) * limit, page * limit), total: rows.length, page, limit };
};

/**
 * Stubs `fetch` (undo with `vi.unstubAllGlobals()`) with a fake of the manage API over `state`: a refill is
 * recorded as sent, first in its station's refills. `extra(call)` answers first (data, a Fail, or undefined to
 * fall through); unknown calls get 404. Returns the calls.
 */
export function stubManage(state: ManageState, extra: (c: ApiCall) => unknown = () => undefined): ApiCall[] {
  const calls: ApiCall[] = [];
  let nextRefill = 100;
  const answer = (c: ApiCall): unknown => {
    const own = extra(c);
    if (own !== undefined) return own;
    const id = typeof c.body.device_id === 'string' ? c.body.device_id : '';
    const h = state.healths?.[id];
    switch (c.endpoint) {
      case configurationEndpoints.getConfiguration:
        return CONFIG;
      case manageEndpoints.summary:
        return SUMMARY;
      case manageEndpoints.devices:
        return paged(state.devices ?? [], c);
      case stationCareEndpoints.alerts:
        return paged(state.alerts ?? [], c);
      case stationCareEndpoints.health:
        return h ?? new Fail(404, 'not_found', 'This device is not found');
      case stationCareEndpoints.refill: {
        if (!h) return new Fail(404, 'not_found', 'This device is not found');
        const made = refill(nextRefill++, {
          grams: Number(c.body.grams),
          photo: typeof c.body.photo === 'string' ? c.body.photo : '',
          recorded_by: 'Demo',
          created_at: Date.now(),
          status: 'sent',
        });
        h.refills = [made, ...h.refills];
        return made;
      }
      case uploadEndpoints.upload:
        return { url: '/uploads/2026/refill.png', fullurl: '' };
      default:
        return undefined;
    }
  };
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const call = apiCallOf(input, init);
      calls.push(call);
      const data = answer(call);
      const fields = data instanceof Fail && data.fields ? { fields: data.fields } : {};
      const res =
        data instanceof Fail
          ? { status: data.status, body: { code: 0, msg: data.msg, time: 1, data: { error: data.error, ...fields } } }
          : data === undefined
            ? { status: 404, body: { code: 0, msg: '404', time: 1, data: { error: 'not_found' } } }
            : { status: 200, body: { code: 1, msg: '', time: 1, data } };
      return Promise.resolve(new Response(JSON.stringify(res.body), { status: res.status }));
    }),
  );
  return calls;
}

/** antd-mobile's popups bind drag gestures that capture the pointer; jsdom has no pointer capture. */
export function allowPointerCapture() {
  if (!('setPointerCapture' in Element.prototype)) {
    Object.assign(Element.prototype, { setPointerCapture() {}, releasePointerCapture() {} });
  }
}

/** Pulls `el` down past the refresh threshold and lets go (the pull-to-refresh gesture). */
export function pullDown(el: Element) {
  fireEvent.touchStart(el, { touches: [{ clientY: 10 }] });
  fireEvent.touchMove(el, { touches: [{ clientY: 200 }] });
  fireEvent.touchEnd(el, { touches: [] });
}
