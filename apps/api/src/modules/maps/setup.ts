import type { AppConfig } from '../../config/env';
import type { RateLimits } from '../../lib/rate-limit/rate-limits';
import { LocalMapsProvider, type StationPlace } from './local';
import { MapsService } from './service';
import { TencentMapsProvider } from './tencent';

/**
 * The maps service of the configuration (decision 016): Tencent's with TENCENT_MAP_KEY, else the local
 * geocoder over the bundled districts and the known stations. 60 calls a minute per client address (shared by
 * the API processes with REDIS_URL): the provider's daily quota belongs to the product.
 */
export function configuredMaps(
  config: Pick<AppConfig, 'maps'>,
  deps: { rateLimits: RateLimits; stations: () => Promise<StationPlace[]>; onError: (error: unknown) => void },
): MapsService {
  const { tencentKey, tencentSecretKey, tencentApiBase } = config.maps;
  const provider = tencentKey
    ? new TencentMapsProvider({
        key: tencentKey,
        secretKey: tencentSecretKey,
        apiBase: tencentApiBase,
        onError: deps.onError,
      })
    : new LocalMapsProvider({ stations: deps.stations });
  return new MapsService({ provider, limiter: deps.rateLimits.limiter('maps', [{ limit: 60, ms: 60_000 }]) });
}
