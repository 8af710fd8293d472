import { routes, type ApiModule } from '../../api-module';
import { configurationRoutes } from './routes';
import type { ConfigurationService } from './service';

/** The app configuration clients load at start. */
export function configurationModule(s: { configuration: ConfigurationService }): ApiModule {
  return {
    name: 'configuration',
    routes: [routes(configurationRoutes, { configuration: s.configuration })],
  };
}
