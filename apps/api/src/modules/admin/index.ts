import { routes, type ApiModule } from '../../api-module';
import { userConsoleRoutes } from './console-routes';
import type { AdminUserService } from './service';

/** The console's users. */
export function adminModule(s: { adminUsers: AdminUserService }): ApiModule {
  return {
    name: 'admin',
    routes: [routes(userConsoleRoutes, { adminUsers: s.adminUsers })],
  };
}
