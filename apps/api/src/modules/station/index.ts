import { routes, type ApiModule } from '../../api-module';
import type { StationDownloads } from './downloads';
import { stationRoutes } from './routes';

/** Stations: the feeder agent and its installer, downloaded by the boards. */
export function stationModule(s: { stationDownloads: StationDownloads }): ApiModule {
  return { name: 'station', routes: [routes(stationRoutes, { downloads: s.stationDownloads })] };
}
