import { routes, type ApiModule } from '../../api-module';
import { baseConsoleRoutes } from './console-routes';
import type { BaseDetailService } from './detail-service';
import { baseDetailRoutes } from './routes';
import type { BaseService } from './service';

/** Bases: a base's public page; the console's bases. */
export function baseModule(s: { baseDetail: BaseDetailService; bases: BaseService }): ApiModule {
  return {
    name: 'base',
    routes: [routes(baseDetailRoutes, { baseDetail: s.baseDetail }), routes(baseConsoleRoutes, { bases: s.bases })],
  };
}
