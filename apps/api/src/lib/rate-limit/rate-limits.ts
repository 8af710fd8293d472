import { RLWrapperTimeouts, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Clock } from '../clock';
import { ClockedMemoryLimiter } from './clocked-memory';
import { FlexibleWindow, WindowsLimiter, type RateLimiter, type RateWindow } from './limiter';

/** Redis keys: `petheart:rl:<limit name>:<window seconds>s:<key>`. */
const KEY_PREFIX = 'petheart:rl';
/** A Redis answer slower than this is not waited for: the process's memory answers instead. */
const REDIS_TIMEOUT_MS = 250;
/** How long start-up waits for Redis before it goes on with each process's own limits (until Redis is there). */
const CONNECT_WAIT_MS = 5_000;

/** A connected Redis client (node-redis) and how to let it go. */
export interface RedisConnection {
  client: object;
  close(): Promise<void>;
}

function checked(w: RateWindow): { points: number; duration: number } {
  if (!Number.isInteger(w.limit) || w.limit < 1) throw new Error(`rate window limit ${String(w.limit)}`);
  if (!Number.isInteger(w.ms / 1000) || w.ms < 1000) throw new Error(`rate window of ${String(w.ms)} ms`);
  return { points: w.limit, duration: w.ms / 1000 };
}

/** Windows counted in this process's memory (on `clock`), whatever the configuration: tests and tools. */
export function memoryLimiter(clock: Clock, windows: readonly RateWindow[], maxKeys?: number): RateLimiter {
  return new WindowsLimiter(
    windows.map(
      (w) => new FlexibleWindow(new ClockedMemoryLimiter({ ...checked(w), keyPrefix: '' }, clock, maxKeys), w.limit),
    ),
  );
}

/**
 * Makes the app's rate limits (one per name): rate-limiter-flexible's RateLimiterMemory in this process, or with a
 * Redis connection (REDIS_URL) RateLimiterRedis, shared by every API process. Redis is insured: when it is down, not
 * ready, or slower than REDIS_TIMEOUT_MS, each window is answered by a memory limiter of the same size in this
 * process, so a Redis outage loosens the limits to one allowance per process but never refuses or holds a request.
 */
export class RateLimits {
  private readonly names = new Set<string>();

  constructor(private readonly deps: { clock: Clock; redis?: RedisConnection | undefined; redisTimeoutMs?: number }) {}

  /** Whether the limits are shared through Redis. */
  get shared(): boolean {
    return this.deps.redis !== undefined;
  }

  /** The limit `name` (unique: it names the Redis keys): a key's hit counts when every window allows it. */
  limiter(name: string, windows: readonly RateWindow[]): RateLimiter {
    if (this.names.has(name)) throw new Error(`rate limit ${name} made twice`);
    this.names.add(name);
    return new WindowsLimiter(windows.map((w) => new FlexibleWindow(this.window(name, w), w.limit)));
  }

  async close(): Promise<void> {
    await this.deps.redis?.close();
  }

  private window(name: string, w: RateWindow): RateLimiterAbstract {
    const options = { ...checked(w), keyPrefix: `${KEY_PREFIX}:${name}:${String(w.ms / 1000)}s` };
    const memory = new ClockedMemoryLimiter(options, this.deps.clock);
    const { redis } = this.deps;
    if (!redis) return memory;
    const shared = new RateLimiterRedis({
      ...options,
      storeClient: redis.client,
      useRedisPackage: true,
      // Not connected: no waiting in node-redis's queue, the insurance answers at once.
      rejectIfRedisNotReady: true,
    });
    return new RLWrapperTimeouts({
      limiter: shared,
      insuranceLimiter: memory,
      timeoutMs: this.deps.redisTimeoutMs ?? REDIS_TIMEOUT_MS,
    });
  }
}

/**
 * The configuration's rate limits: in memory without REDIS_URL; with it, over a Redis connection of their own
 * (waiting up to CONNECT_WAIT_MS for it at start; node-redis reconnects on its own afterwards). `onError` hears the
 * first error of each outage.
 */
export async function openRateLimits(
  config: { redisUrl: string | undefined },
  deps: { clock: Clock; onError: (error: unknown) => void; connectWaitMs?: number },
): Promise<RateLimits> {
  if (!config.redisUrl) return new RateLimits({ clock: deps.clock });
  const { createClient } = await import('redis');
  // Commands sent while disconnected fail at once (rather than wait in node-redis's offline queue).
  const client = createClient({ url: config.redisUrl, disableOfflineQueue: true });
  let reported = false;
  client.on('error', (error: unknown) => {
    if (!reported) deps.onError(error);
    reported = true;
  });
  client.on('ready', () => {
    reported = false;
  });
  // connect() settles once connected, or rejects when closed before that; it retries until then.
  const connected = client.connect().then(
    () => undefined,
    () => undefined,
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    connected,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, deps.connectWaitMs ?? CONNECT_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  const close = async () => {
    // Connected: close after the replies in flight. Else (still connecting, or Redis gone) stop retrying now.
    if (client.isReady) await client.close();
    else if (client.isOpen) client.destroy();
  };
  return new RateLimits({ clock: deps.clock, redis: { client, close } });
}
