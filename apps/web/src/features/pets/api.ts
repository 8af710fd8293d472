import { petEndpoints as pet, type Locale, type Pet, type PetListData } from '@petheart/contracts';
import type { ApiClient } from '../../shared/api';

/** The pet corner's calls (packages/contracts/src/content.ts): tourists allowed, texts in the request's language. */
export function petsApi(api: ApiClient) {
  return {
    list: (page: number, limit: number, baseId: number | null): Promise<PetListData> =>
      api.call(pet.list, { page, limit, ...(baseId ? { base_id: baseId } : {}) }),
    /** One animal, or null when there is none (or it is not shown). */
    detail: (id: number): Promise<Pet | null> => api.call(pet.detail, { id }),
  };
}
export type PetsApi = ReturnType<typeof petsApi>;

export const petListKey = (baseId: number | null, locale: Locale) => ['pets', 'list', baseId, locale] as const;
export const petKey = (id: number, locale: Locale) => ['pets', 'detail', id, locale] as const;

/** A positive integer from the query string, else null. */
export function positiveId(raw: string | null): number | null {
  if (!raw || !/^\d{1,12}$/.test(raw.trim())) return null;
  const id = Number(raw.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const livePath = (deviceId: string) => `/pages/live/live?device_id=${encodeURIComponent(deviceId)}`;
export const basePath = (baseId: number) => `/pages/baseDetail/baseDetail?id=${String(baseId)}`;
