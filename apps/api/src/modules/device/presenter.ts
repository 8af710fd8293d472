import type { AdminDevice, DeviceLiveState, DevicePortion, PublicDevice, RoomStill } from '@petheart/contracts';
import { dayNumber, seconds } from '../../lib/time';
import type { DeviceRow, DeviceWithBase } from './repository';

export function toLiveState(d: DeviceRow): DeviceLiveState {
  return {
    online: d.feederOnline || d.cameraOnline,
    feeder_online: d.feederOnline,
    camera_online: d.cameraOnline,
    food_stock: d.foodStock,
    last_seen_at: d.lastSeenAt ? seconds(d.lastSeenAt) : null,
  };
}

/** The live room's still; when the camera went offline only while it is (issue 26 §2). */
export function toRoomStill(d: DeviceRow): RoomStill {
  return {
    thumbnail: d.thumbnail,
    thumbnail_at: d.thumbnailAt ? seconds(d.thumbnailAt) : null,
    camera_offline_at: !d.cameraOnline && d.cameraOfflineAt ? seconds(d.cameraOfflineAt) : null,
  };
}

/** A device's state as it changed (the realtime layer pushes it to the device's rooms). */
export interface DeviceStateEvent extends DeviceLiveState {
  device_id: string;
  base_id: number;
  firmware: string;
}

export function toDeviceStateEvent(d: DeviceRow): DeviceStateEvent {
  return { ...toLiveState(d), device_id: d.id, base_id: d.baseId, firmware: d.firmware };
}

/** A device as everyone sees it; portions fall back to the configured defaults. */
export function toPublicDevice(d: DeviceRow, now: Date, defaultPortions: DevicePortion[]): PublicDevice {
  return {
    ...toLiveState(d),
    device_id: d.id,
    name: d.name,
    // Days in operation: the day the device first came online is day 1; 0 before that.
    days_in_operation: dayNumber(d.firstOnlineAt, now),
    portions: d.portions ?? defaultPortions,
    ...toRoomStill(d),
  };
}

/** A device as the operator console sees it (never its secret or hash). */
export function toAdminDevice(d: DeviceWithBase, now: Date): AdminDevice {
  return {
    ...toLiveState(d),
    device_id: d.id,
    base_id: d.baseId,
    base_name: d.baseName,
    name: d.name,
    portions: d.portions,
    revenue_share_bp: d.revenueShareBp,
    daily_gram_cap: d.dailyGramCap,
    days_in_operation: dayNumber(d.firstOnlineAt, now),
    first_online_at: d.firstOnlineAt ? seconds(d.firstOnlineAt) : null,
    disabled: d.disabled,
    firmware: d.firmware,
    config_version: d.configVersion,
    config_running: d.configRunning,
    created_at: seconds(d.createdAt),
  };
}
