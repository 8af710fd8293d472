import { routes, type ApiModule } from '../../api-module';
import { moderationConsoleRoutes } from './console-routes';
import type { ModerationService } from './service';

/** The console's moderation and report queues. */
export function moderationModule(s: { moderation: ModerationService }): ApiModule {
  return {
    name: 'moderation',
    routes: [routes(moderationConsoleRoutes, { moderation: s.moderation })],
  };
}
