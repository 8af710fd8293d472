import type { ApiModule } from '../../api-module';
import type { LiveRealtime } from './realtime';

/**
 * socket.io (namespace /live) on the app's HTTP server; with REDIS_URL shared with the other API processes once
 * ready. Its sockets close before the HTTP server waits for open requests.
 */
export function realtimeModule(s: { realtime: LiveRealtime }): ApiModule {
  return {
    name: 'realtime',
    routes: [],
    lifecycle: [
      {
        name: 'realtime',
        attach: (server) => {
          s.realtime.attach(server);
        },
        start: () => s.realtime.start(),
        preClose: () => s.realtime.close(),
      },
    ],
  };
}
