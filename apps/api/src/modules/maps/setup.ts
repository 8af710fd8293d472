import type { AppConfig } from '../../config/env';
import type { RateLimits } from '../../lib/rate-limit/rate-limits';
import { publicLocation } from '../base/location-policy';
import { LocalMapsProvider, type StationPlace } from './local';
import { MapsService } from './service';
import { TencentMapsProvider } from './tencent';

/**
 * The maps service of the configuration (decision 016): Tencent's with TENCENT_MAP_KEY, else the local
 * geocoder over the bundled districts and the known stations. 60 calls a minute per client address (shared by
 * the API processes with REDIS_URL): the provider's daily quota belongs to the product. The stations are
 * known by their public location (decision 037: coarse and without address text unless published).
 */
export function configuredMaps(
  config: Pick<AppConfig, 'maps'>,
  deps: {
    rateLimits: RateLimits;
    stations: () => Promise<(StationPlace & { locationPublic: boolean })[]>;
    onError: (error: unknown) => void;
  },
): MapsService {
  const { tencentKey, tencentSecretKey, tencentApiBase } = config.maps;
  const provider = tencentKey
    ? new TencentMapsProvider({
        key: tencentKey,
        secretKey: tencentSecretKey,
        apiBase: tencentApiBase,
        onError: deps.onError,
      })
    : new LocalMapsProvider({
        stations: async () => (await deps.stations()).map((s) => ({ id: s.id, name: s.name, ...publicLocation(s) })),
      });
  return new MapsService({ provider, limiter: deps.rateLimits.limiter('maps', [{ limit: 60, ms: 60_000 }]) });
}
