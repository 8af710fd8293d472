import type { DeviceAlert, DeviceHealth, DeviceRefill } from '@petheart/contracts';

/** Test support for the health panel, the refill form and the Alerts section (never imported by app code). */

/** Health, alerts and refills carry milliseconds. */
export const OPENED_MS = 1_763_600_000_000;

export function alert(over: Partial<DeviceAlert> = {}): DeviceAlert {
  return {
    id: 1,
    device_id: 'PH-0001',
    device_name: 'Bund Feeder',
    kind: 'feeder_offline',
    opened_at: OPENED_MS,
    resolved_at: null,
    detail: {},
    ...over,
  };
}

export function refill(over: Partial<DeviceRefill> = {}): DeviceRefill {
  return {
    id: 1,
    grams: 2000,
    photo: '',
    recorded_by: 'Admin',
    created_at: OPENED_MS,
    status: 'applied',
    ...over,
  };
}

/** A healthy station: 1500 g of 4000 g at 300 g a day, the camera streaming, the clock in step, nothing open. */
export const HEALTH: DeviceHealth = {
  device_id: 'PH-0001',
  name: 'Bund Feeder',
  base_name: 'Bund Station',
  firmware: '1.4.2',
  config_version: 3,
  config_running: 3,
  online: true,
  feeder_online: true,
  camera_online: true,
  food_stock: 1500,
  last_seen_at: 1_700_000_000,
  hopper_capacity: 4000,
  hopper_alert_grams: 500,
  grams_per_day: 300,
  days_left: 5,
  jams_24h: 0,
  failed_24h: 0,
  camera_fps: 15,
  camera_kbps: 352,
  clock_skew_ms: 40,
  alerts: [],
  refills: [],
};

export function health(over: Partial<DeviceHealth> = {}): DeviceHealth {
  return { ...HEALTH, ...over };
}
