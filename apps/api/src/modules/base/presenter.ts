import type { AdminBase, Base } from '@petheart/contracts';
import { seconds } from '../../lib/time';
import type { BaseRow } from './repository';

/** A base as everyone sees it. */
export function toBase(b: BaseRow): Base {
  return {
    id: b.id,
    name: b.name,
    address: b.address,
    latitude: b.latitude,
    longitude: b.longitude,
    animal_count: b.animalCount,
    photos: b.photos,
    introduction: b.introduction,
    created_at: seconds(b.createdAt),
  };
}

/** A base as the operator console sees it. */
export function toAdminBase(b: BaseRow, deviceCount: number): AdminBase {
  return { ...toBase(b), operator_id: b.operatorId, device_count: deviceCount };
}
