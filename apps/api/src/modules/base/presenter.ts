import type { AdminBase, Base } from '@petheart/contracts';
import { seconds } from '../../lib/time';
import { publicLocation } from './location-policy';
import type { BaseRow } from './repository';

/** A base with its exact location: for its operator and admins only. */
export function toExactBase(b: BaseRow): Base {
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

/** A base as everyone sees it: its location coarse unless its operator published it (location-policy.ts). */
export function toBase(b: BaseRow): Base {
  return { ...toExactBase(b), ...publicLocation(b) };
}

/** A base as the operator console sees it (the exact location). */
export function toAdminBase(b: BaseRow, deviceCount: number): AdminBase {
  return {
    ...toExactBase(b),
    operator_id: b.operatorId,
    device_count: deviceCount,
    location_public: b.locationPublic,
  };
}
