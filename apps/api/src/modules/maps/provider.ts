import type { MapGeocode, MapPlace } from '@petheart/contracts';

/** A location both parts of which are known (the service checks that before asking a provider). */
export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface PlaceSearch {
  keyword: string;
  /** Around here (nearby, auto-extended), unless a region is given. */
  location: LatLng | undefined;
  region: string | undefined;
  radius: number;
  pageSize: number;
  pageIndex: number;
}

export interface PlaceSuggestion {
  keyword: string;
  region: string;
  location: LatLng | undefined;
  pageSize: number;
  pageIndex: number;
}

export interface PlaceList {
  list: MapPlace[];
  count: number;
}

/**
 * A failure with the maps SDK's status (spec §8): 310 parameter error (with the field), 600 system error
 * (the service refused or answered nonsense), 1000 network failure (no answer).
 */
export class MapError extends Error {
  constructor(
    readonly status: 310 | 600 | 1000,
    readonly field: string,
    detail: string,
    options?: ErrorOptions,
  ) {
    super(`maps ${String(status)}${field ? ` (${field})` : ''}: ${detail}`, options);
    this.name = 'MapError';
  }
}

/** A maps service (decision 016): the Tencent location web service, or the local geocoder. */
export interface MapsProvider {
  readonly source: 'tencent' | 'local';
  search(query: PlaceSearch): Promise<PlaceList>;
  suggestion(query: PlaceSuggestion): Promise<PlaceList>;
  /** The place of an address; null when nothing matches. */
  geocode(address: string, region: string | undefined): Promise<MapGeocode | null>;
  /** The address of a location; null when nothing is known there. */
  reverseGeocode(location: LatLng): Promise<MapGeocode | null>;
}
