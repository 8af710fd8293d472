import { vi } from 'vitest';
import {
  deviceConsoleEndpoints,
  stationCareConsoleEndpoints,
  type AdminDevice,
  type DeviceAlert,
  type DeviceCareCommand,
  type DeviceCareEntry,
  type DeviceHealth,
  type DeviceRefill,
  type Endpoint,
} from '@petheart/contracts';
import { apiCallOf, type ApiCall } from '../../test-support/app';
import { stubConsole } from '../shared/console-test-support';
import { HEALTH, OPENED_MS } from './health-test-support';

/** Test support for the device care page's tests (never imported by app code). */

export const DEVICE: AdminDevice = {
  device_id: 'PH-0001',
  base_id: 1,
  base_name: 'Bund Station',
  name: 'Bund Feeder',
  portions: null,
  revenue_share_bp: 3000,
  daily_gram_cap: 2000,
  days_in_operation: 12,
  first_online_at: 1_700_000_000,
  disabled: false,
  firmware: '1.4.2',
  config_version: 3,
  config_running: 2,
  created_at: 1_699_000_000,
  online: true,
  feeder_online: true,
  camera_online: false,
  food_stock: 1500,
  last_seen_at: 1_700_000_000,
};
/** Another device the keyword PH-0001 also matches: the page must not take it. */
export const NEIGHBOUR: AdminDevice = { ...DEVICE, device_id: 'PH-00010', name: 'Park Feeder', firmware: '0.9.0' };

/** Care entries' times are milliseconds. */
export const ISSUED_MS = 1_763_700_000_000;

export function entry(over: Partial<DeviceCareEntry> = {}): DeviceCareEntry {
  return {
    id: 'c-0',
    device_id: DEVICE.device_id,
    kind: 'tare',
    params: {},
    status: 'acked',
    outcome: 'done',
    grams: 0,
    detail: null,
    issued_by: { id: 1, name: 'Admin' },
    issued_at: ISSUED_MS,
    answered_at: ISSUED_MS + 2000,
    ...over,
  };
}

/** What a station answers each kind of command in these tests. */
export function answerOf(command: DeviceCareCommand): DeviceCareEntry {
  switch (command.kind) {
    case 'tare':
      return entry({ detail: { calibration: { zero: 81234, counts_per_gram: 412.5 } } });
    case 'calibrate':
      return entry({
        kind: 'calibrate',
        params: { known_grams: command.known_grams },
        status: 'failed',
        outcome: 'failed',
        detail: { message: 'the tray reads what it read at the tare' },
      });
    case 'test_dispense':
      return entry({ kind: 'test_dispense', params: { grams: command.grams }, outcome: 'dispensed', grams: 14 });
    case 'report':
      return entry({
        kind: 'report',
        params: { log_lines: command.log_lines },
        detail: {
          versions: { agent: '1.4.2', node: 'v20.11.1', ffmpeg: '6.1' },
          config_version: 2,
          log: ['09:00:01 agent started', '09:00:02 connected to the broker', '09:00:03 scale ready'],
        },
      });
    case 'restart':
      return entry({ kind: 'restart', status: 'expired', outcome: null, answered_at: null });
  }
}

/** What the API answers a refill in these tests: recorded by Admin, sent to the station. */
export function refillOf(grams: number): DeviceRefill {
  return { id: 99, grams, photo: '', recorded_by: 'Admin', created_at: OPENED_MS + 60_000, status: 'sent' };
}

/**
 * The API of the care page: the devices list (`devices`, whatever the keyword), care commands answered by `care`
 * (answerOf by default), the care log paged from `log`, the health answered by `health` (asked at each call),
 * refills by `refill`, and the Alerts section's pages from `alerts` (only the open ones unless `open` is false).
 * Returns the calls.
 */
export function stubCare({
  devices = [NEIGHBOUR, DEVICE],
  care = answerOf,
  log = [],
  health = () => HEALTH,
  refill = refillOf,
  alerts = [],
}: {
  devices?: AdminDevice[];
  care?: (command: DeviceCareCommand) => DeviceCareEntry;
  log?: DeviceCareEntry[];
  health?: () => DeviceHealth;
  refill?: (grams: number) => DeviceRefill;
  alerts?: DeviceAlert[];
} = {}): ApiCall[] {
  return stubConsole((call) => {
    const body = call.body as { page?: number; limit?: number; command?: DeviceCareCommand; grams?: number };
    const { page = 1, limit = 10 } = body;
    switch (call.endpoint) {
      case deviceConsoleEndpoints.list:
        return { list: devices, total: devices.length, page, limit };
      case deviceConsoleEndpoints.care:
        return body.command ? care(body.command) : undefined;
      case deviceConsoleEndpoints.careLog:
        return { list: log.slice((page - 1) * limit, page * limit), total: log.length, page, limit };
      case stationCareConsoleEndpoints.health:
        return health();
      case stationCareConsoleEndpoints.refill:
        return body.grams === undefined ? undefined : refill(body.grams);
      case stationCareConsoleEndpoints.alerts: {
        const shown = call.body.open === false ? alerts : alerts.filter((a) => a.resolved_at === null);
        return { list: shown.slice((page - 1) * limit, page * limit), total: shown.length, page, limit };
      }
      default:
        return undefined;
    }
  });
}

/**
 * After stubCare: the next call to `endpoint` fails, refused as the API refuses a body (HTTP 400 with `msg`) or
 * with no answer at all (`network`); later calls are answered again.
 */
export function failOnce(endpoint: Endpoint, how: { msg: string } | 'network'): void {
  const answer = vi.mocked(fetch).getMockImplementation();
  if (!answer) throw new Error('failOnce: stub the API first');
  let failed = false;
  vi.mocked(fetch).mockImplementation((input, init) => {
    if (failed || apiCallOf(input, init).endpoint !== endpoint) return answer(input, init);
    failed = true;
    if (how === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    const body = { code: 0, msg: how.msg, time: 1, data: { error: 'validation_failed' } };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 400 }));
  });
}

export const careCalls = (calls: ApiCall[]) => calls.filter((c) => c.endpoint === deviceConsoleEndpoints.care);
export const logCalls = (calls: ApiCall[]) => calls.filter((c) => c.endpoint === deviceConsoleEndpoints.careLog);
export const refillCalls = (calls: ApiCall[]) => calls.filter((c) => c.endpoint === stationCareConsoleEndpoints.refill);
export const alertCalls = (calls: ApiCall[]) => calls.filter((c) => c.endpoint === stationCareConsoleEndpoints.alerts);
