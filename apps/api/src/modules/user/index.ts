import { routes, type ApiModule } from '../../api-module';
import { userRoutes } from './routes';
import type { UserService } from './service';

/** Accounts: registration, login, the profile. */
export function userModule(s: { users: UserService }): ApiModule {
  return {
    name: 'user',
    routes: [routes(userRoutes, { users: s.users })],
  };
}
