import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';

/**
 * The socket.io Redis adapter for several API processes: a broadcast to a room reaches the room's sockets
 * in every process. Loaded only when REDIS_URL is set.
 */
export async function connectRedisAdapter(url: string, onError: (error: unknown) => void) {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  pub.on('error', onError);
  sub.on('error', onError);
  await Promise.all([pub.connect(), sub.connect()]);
  return {
    adapter: createAdapter(pub, sub, { key: 'petheart:live' }),
    async close(): Promise<void> {
      await Promise.allSettled([pub.close(), sub.close()]);
    },
  };
}
