import { localize, pickLocale, type AdminPet, type Locale, type Pet } from '@petheart/contracts';
import { seconds } from '../../lib/time';
import type { PetWithBase } from './repository';

/** A pet as readers see it: the name's language (or its fallback) decides the story's. */
export function toPet(row: PetWithBase, locale: Locale): Pet {
  const l = pickLocale(row.name, locale) ?? locale;
  return {
    id: row.id,
    name: row.name[l],
    species: row.species,
    photos: row.photos,
    story: row.story[l] || localize(row.story, l),
    base: { id: row.baseId, name: row.baseName },
    live_device_id: row.liveDeviceId,
  };
}

export function toAdminPet(row: PetWithBase): AdminPet {
  return {
    id: row.id,
    base_id: row.baseId,
    base_name: row.baseName,
    name: row.name,
    species: row.species,
    photos: row.photos,
    story: row.story,
    published: row.published,
    sort_order: row.sortOrder,
    created_at: seconds(row.createdAt),
    updated_at: seconds(row.updatedAt),
  };
}
