import { routes, type ApiModule } from '../../api-module';
import { petConsoleRoutes } from './console-routes';
import { petRoutes } from './routes';
import type { PetService } from './service';

/** Pet profiles; the console's editing. */
export function petModule(s: { pets: PetService }): ApiModule {
  return {
    name: 'pet',
    routes: [routes(petRoutes, { pets: s.pets }), routes(petConsoleRoutes, { pets: s.pets })],
  };
}
