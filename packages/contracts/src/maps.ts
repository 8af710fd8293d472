import { z } from 'zod';
import { IntSchema, StringSchema } from './fields';

/**
 * The maps service (decision 015): our API's proxy to the configured maps interface (the Tencent location
 * web service with TENCENT_MAP_KEY, otherwise a local geocoder over known places). Parameter checks follow
 * the Tencent SDK: keyword for search and suggestion, address (or a location) for the geocoder, a location
 * needs latitude and longitude. Failures are error envelopes whose ids carry the SDK's statuses.
 */

/** The SDK's status of each maps failure: 310 parameter error, 600 system error, 1000 network failure. */
export const MAP_ERROR_STATUS = {
  map_invalid_params: 310,
  map_system_error: 600,
  map_network_error: 1000,
} as const;

/** Search defaults (spec §9): page_size 10, radius 1000 m, ordered by distance, region 全国. */
export const MAP_DEFAULTS = { pageSize: 10, radius: 1000, region: '全国' } as const;

/** A place as the spec's client uses it. Missing values are '' (text). */
export const MapPlaceSchema = z.object({
  id: StringSchema,
  title: StringSchema,
  latitude: z.number(),
  longitude: z.number(),
  address: StringSchema,
  category: StringSchema,
  tel: StringSchema,
  adcode: StringSchema,
  city: StringSchema,
  district: StringSchema,
  province: StringSchema,
  /** Metres from the location asked about; null without one. */
  distance: IntSchema.nullable(),
});
export type MapPlace = z.infer<typeof MapPlaceSchema>;

/**
 * A location: both parts or neither (a half is answered 310 "location"). Checked by the maps service,
 * not here, so the answer carries the SDK's status.
 */
export const MapLocationInputSchema = z.object({
  latitude: z
    .number({ error: 'v.latitude' })
    .min(-90, { error: 'v.latitude' })
    .max(90, { error: 'v.latitude' })
    .optional(),
  longitude: z
    .number({ error: 'v.longitude' })
    .min(-180, { error: 'v.longitude' })
    .max(180, { error: 'v.longitude' })
    .optional(),
});
export type MapLocationInput = z.infer<typeof MapLocationInputSchema>;

const Keyword = StringSchema.trim().max(96, { error: 'v.tooLong' }).optional();
const PageSize = z.coerce.number({ error: 'v.invalid' }).int().min(1).max(20).default(MAP_DEFAULTS.pageSize);
const PageIndex = z.coerce.number({ error: 'v.invalid' }).int().min(1).max(100).default(1);

// ---- POST /api/maps/search: places around a location (or in a region) matching a keyword ----

export const MapSearchBodySchema = z.object({
  /** Required (310 "keyword" when missing). */
  keyword: Keyword,
  location: MapLocationInputSchema.optional(),
  /** A city name to search in instead of around the location. */
  region: StringSchema.trim().max(50, { error: 'v.tooLong' }).optional(),
  /** Metres around the location. */
  radius: z.coerce.number({ error: 'v.invalid' }).int().min(10).max(50_000).default(MAP_DEFAULTS.radius),
  page_size: PageSize,
  page_index: PageIndex,
});
export type MapSearchBody = z.infer<typeof MapSearchBodySchema>;

// ---- POST /api/maps/suggestion: completions of what is typed ----

export const MapSuggestionBodySchema = z.object({
  /** Required (310 "keyword" when missing). */
  keyword: Keyword,
  region: StringSchema.trim().max(50, { error: 'v.tooLong' }).default(MAP_DEFAULTS.region),
  location: MapLocationInputSchema.optional(),
  page_size: PageSize,
  page_index: PageIndex,
});
export type MapSuggestionBody = z.infer<typeof MapSuggestionBodySchema>;

export const MapPlaceListDataSchema = z.object({
  list: z.array(MapPlaceSchema),
  /** How many places match in all (the service's count). */
  count: IntSchema,
  /** Which service answered: tencent or local. */
  source: z.enum(['tencent', 'local']),
});
export type MapPlaceListData = z.infer<typeof MapPlaceListDataSchema>;

// ---- POST /api/maps/geocoder: an address → its place, or a location → its address ----

export const MapGeocoderBodySchema = z.object({
  /** The address to find (310 "address" when neither it nor a location is given). */
  address: StringSchema.trim().max(200, { error: 'v.tooLong' }).optional(),
  /** Reverse geocoding: the address of this location. */
  location: MapLocationInputSchema.optional(),
  /** A city that narrows the address. */
  region: StringSchema.trim().max(50, { error: 'v.tooLong' }).optional(),
});
export type MapGeocoderBody = z.infer<typeof MapGeocoderBodySchema>;

export const MapGeocodeSchema = z.object({
  title: StringSchema,
  address: StringSchema,
  latitude: z.number(),
  longitude: z.number(),
  adcode: StringSchema,
  province: StringSchema,
  city: StringSchema,
  district: StringSchema,
  street: StringSchema,
  street_number: StringSchema,
});
export type MapGeocode = z.infer<typeof MapGeocodeSchema>;

/** result is null when nothing matches. */
export const MapGeocoderDataSchema = z.object({
  result: MapGeocodeSchema.nullable(),
  /** Which service answered: tencent or local. */
  source: z.enum(['tencent', 'local']),
});
export type MapGeocoderData = z.infer<typeof MapGeocoderDataSchema>;
