import { routes, type ApiModule } from '../../api-module';
import type { TokenService } from '../token/service';
import { userRoutes } from './routes';
import type { UserService } from './service';

/** Accounts: registration, login, the profile. */
export function userModule(s: { users: UserService; tokens: TokenService }): ApiModule {
  return {
    name: 'user',
    routes: [routes(userRoutes, { users: s.users, tokens: s.tokens })],
  };
}
