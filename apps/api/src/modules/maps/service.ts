import type {
  MapGeocoderBody,
  MapGeocoderData,
  MapLocationInput,
  MapPlaceListData,
  MapSearchBody,
  MapSuggestionBody,
} from '@petheart/contracts';
import { AppError } from '../../http/errors';
import { retryAfterSeconds, type RateLimiter } from '../../lib/rate-limit/limiter';
import { MapError, type LatLng, type MapsProvider } from './provider';

/** The SDK's parameter check: a required text (310 with its name when missing or blank). */
function required(value: string | undefined, field: string): string {
  const text = value?.trim() ?? '';
  if (!text) throw new MapError(310, field, `${field} is required`);
  return text;
}

/** A location has both its latitude and longitude, or is not given at all (310 "location"). */
function locationOf(input: MapLocationInput | undefined): LatLng | undefined {
  if (!input || (input.latitude === undefined && input.longitude === undefined)) return undefined;
  if (input.latitude === undefined || input.longitude === undefined)
    throw new MapError(310, 'location', 'a location needs latitude and longitude');
  return { latitude: input.latitude, longitude: input.longitude };
}

/** MapError → the error envelope: map_invalid_params (310, with the field), map_system_error (600), map_network_error (1000). */
function toAppError(error: MapError): AppError {
  if (error.status === 310) return new AppError('map_invalid_params', { field: error.field });
  return new AppError(error.status === 1000 ? 'map_network_error' : 'map_system_error');
}

/**
 * /api/maps/* (decision 016): the parameter checks of the spec's maps SDK (keyword for search and suggestion,
 * an address or a location for the geocoder, a location with both parts; search needs a location or a region
 * to search around), then the configured provider (Tencent with a key, else the local geocoder).
 */
export class MapsService {
  private readonly provider: MapsProvider;

  constructor(
    private readonly deps: {
      provider: MapsProvider;
      /** Calls per client address (a provider's quota is the product's). */
      limiter: RateLimiter;
    },
  ) {
    this.provider = deps.provider;
  }

  get source(): MapsProvider['source'] {
    return this.provider.source;
  }

  async search(body: MapSearchBody, client: string): Promise<MapPlaceListData> {
    return this.run(client, async () => {
      const keyword = required(body.keyword, 'keyword');
      const location = locationOf(body.location);
      const region = body.region?.trim() || undefined;
      if (!location && !region) throw new MapError(310, 'location', 'search around a location or in a region');
      const found = await this.provider.search({
        keyword,
        location,
        region,
        radius: body.radius,
        pageSize: body.page_size,
        pageIndex: body.page_index,
      });
      return { ...found, source: this.provider.source };
    });
  }

  async suggestion(body: MapSuggestionBody, client: string): Promise<MapPlaceListData> {
    return this.run(client, async () => {
      const keyword = required(body.keyword, 'keyword');
      const found = await this.provider.suggestion({
        keyword,
        region: body.region.trim() || '全国',
        location: locationOf(body.location),
        pageSize: body.page_size,
        pageIndex: body.page_index,
      });
      return { ...found, source: this.provider.source };
    });
  }

  async geocoder(body: MapGeocoderBody, client: string): Promise<MapGeocoderData> {
    return this.run(client, async () => {
      const location = locationOf(body.location);
      const result = location
        ? await this.provider.reverseGeocode(location)
        : await this.provider.geocode(required(body.address, 'address'), body.region?.trim() || undefined);
      return { result, source: this.provider.source };
    });
  }

  private async run<T>(client: string, work: () => Promise<T>): Promise<T> {
    const decision = await this.deps.limiter.consume(client);
    if (!decision.allowed) throw new AppError('rate_limited', {}, retryAfterSeconds(decision));
    try {
      return await work();
    } catch (error) {
      if (error instanceof MapError) throw toAppError(error);
      throw error;
    }
  }
}
