import type { Clock } from '../../clock';
import type { AppConfig } from '../../config/env';
import { SlidingWindowLimiter } from '../upload/rate-limit';
import { LocalMapsProvider, type StationPlace } from './local';
import { MapsService } from './service';
import { TencentMapsProvider } from './tencent';

/**
 * The maps service of the configuration (decision 016): Tencent's with TENCENT_MAP_KEY, else the local
 * geocoder over the bundled districts and the known stations. 60 calls a minute per client address (in
 * memory, per API process): the provider's daily quota belongs to the product.
 */
export function configuredMaps(
  config: Pick<AppConfig, 'maps'>,
  deps: { clock: Clock; stations: () => Promise<StationPlace[]>; onError: (error: unknown) => void },
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
  return new MapsService({ provider, limiter: new SlidingWindowLimiter(deps.clock, 60, 60_000) });
}
