import { routes, type ApiModule } from '../../api-module';
import { manageRoutes } from './routes';
import type { ManageService } from './service';

/** Base operators (decision 015): their devices and revenue. */
export function manageModule(s: { manage: ManageService }): ApiModule {
  return {
    name: 'manage',
    routes: [routes(manageRoutes, { manage: s.manage })],
  };
}
