import { routes, type ApiModule } from '../../api-module';
import { pushRoutes } from './routes';
import type { PushSender } from './sender';
import type { PushService } from './service';

/** Web Push and the notification settings (issue 29 §2); the sender finishes its sends when the app stops. */
export function pushModule(s: { push: PushService; pushSender: PushSender }): ApiModule {
  return {
    name: 'push',
    routes: [routes(pushRoutes, { push: s.push })],
    lifecycle: [{ name: 'push sender', stop: () => s.pushSender.stop() }],
  };
}
