import { routes, type ApiModule } from '../../api-module';
import { mapsRoutes } from './routes';
import type { MapsService } from './service';

/** The maps service (decision 016): our server's proxy to the provider. */
export function mapsModule(s: { maps: MapsService }): ApiModule {
  return {
    name: 'maps',
    routes: [routes(mapsRoutes, { maps: s.maps })],
  };
}
