import type { DeviceAlert, DeviceHealth, DeviceRefill } from '@petheart/contracts';
import { toLiveState } from '../device/presenter';
import type { AlertRow, HealthFigures, RefillRow } from './repository';

export function toAlert(row: AlertRow): DeviceAlert {
  return {
    id: row.id,
    device_id: row.deviceId,
    device_name: row.deviceName,
    kind: row.kind,
    opened_at: row.openedAt.getTime(),
    resolved_at: row.resolvedAt ? row.resolvedAt.getTime() : null,
    detail: row.detail,
  };
}

export function toRefill(row: RefillRow): DeviceRefill {
  const status =
    row.commandStatus === 'acked'
      ? 'applied'
      : row.commandStatus === 'failed' || row.commandStatus === 'expired'
        ? row.commandStatus
        : 'sent';
  return {
    id: row.id,
    grams: row.grams,
    photo: row.photo,
    recorded_by: row.recordedByName,
    created_at: row.createdAt.getTime(),
    status,
  };
}

/** A station's health: live state, versions, the hopper and its days of food, failures, the camera, the clock. */
export function toHealth(f: HealthFigures, alerts: AlertRow[], refills: RefillRow[]): DeviceHealth {
  const d = f.device;
  const perDay = Math.round(f.grams7d / 7);
  return {
    ...toLiveState(d),
    device_id: d.id,
    name: d.name,
    base_name: f.baseName,
    firmware: d.firmware,
    config_version: d.configVersion,
    config_running: d.configRunning,
    hopper_capacity: d.hopperCapacity,
    hopper_alert_grams: d.hopperAlertGrams,
    grams_per_day: perDay,
    days_left: perDay > 0 ? Math.round((d.foodStock / perDay) * 10) / 10 : null,
    jams_24h: f.jams24h,
    failed_24h: f.failed24h,
    camera_fps: d.cameraOnline ? d.cameraFps : null,
    camera_kbps: d.cameraOnline ? d.cameraKbps : null,
    clock_skew_ms: d.clockSkewMs,
    alerts: alerts.map(toAlert),
    refills: refills.map(toRefill),
  };
}
