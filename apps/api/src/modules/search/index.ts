import { routes, type ApiModule } from '../../api-module';
import { searchRoutes } from './routes';
import type { SearchService } from './service';

/** Search: live rooms, bases, posts. */
export function searchModule(s: { search: SearchService }): ApiModule {
  return {
    name: 'search',
    routes: [routes(searchRoutes, { search: s.search })],
  };
}
