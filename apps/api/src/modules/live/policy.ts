import { AppError } from '../../http/errors';
import type { GeoPoint } from '../../lib/geo';
import type { RateWindow } from '../../lib/rate-limit/limiter';
import type { DeviceRepository, DeviceWithBase } from '../device/repository';

/** Where a user is assumed to be when the client sends no location (the spec's default: Shanghai, Huangpu). */
export const DEFAULT_LOCATION: GeoPoint = { latitude: 31.22337, longitude: 121.49295 };

/** Comments: one every 2 seconds and 20 a minute, per user per room (RateLimits, lib/rate-limit). */
export const COMMENT_WINDOWS: readonly RateWindow[] = [
  { limit: 1, ms: 2_000 },
  { limit: 20, ms: 60_000 },
];

/** Who can tell how many distinct viewers watch a room (the realtime server; decision 027). */
export interface ViewerSource {
  viewers(deviceId: string): number;
}

/** The device of a live room: it must exist and be enabled (else not_found, as if it did not exist). */
export async function requireRoom(devices: Pick<DeviceRepository, 'byId'>, deviceId: string): Promise<DeviceWithBase> {
  const device = await devices.byId(deviceId);
  if (!device || device.disabled) throw new AppError('not_found');
  return device;
}
