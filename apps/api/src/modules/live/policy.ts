import { AppError } from '../../http/errors';
import type { DeviceRepository, DeviceWithBase } from '../device/repository';

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
