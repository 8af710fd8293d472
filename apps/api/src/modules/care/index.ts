import { routes, type ApiModule } from '../../api-module';
import type { AlertWatcher } from './alerts';
import { careConsoleRoutes } from './console-routes';
import { careRoutes } from './routes';
import type { StationCareService } from './service';

/** Looking after stations: health, refills, alerts (issue 27 §4). */
export function careModule(s: { stationCare: StationCareService; alertWatcher: AlertWatcher }): ApiModule {
  return {
    name: 'care',
    routes: [routes(careRoutes, { care: s.stationCare }), routes(careConsoleRoutes, { care: s.stationCare })],
    lifecycle: [{ name: 'station alerts', start: () => s.alertWatcher.start(), stop: () => s.alertWatcher.stop() }],
  };
}
