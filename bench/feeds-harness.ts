import { Pool } from 'undici';
import { silentLogger, startSimulatedFleet, type Camera } from '@petheart/feeder';

/** The parts of bench:feeds that run beside the load: the devices' process and the HTTP client. */

// ---- the fleet process: one agent per device, connected to the API's broker like real feeders ----

export interface FleetInput {
  broker: string;
  stateDir: string;
  devices: { id: string; secret: string }[];
}

export async function runFleet(input: FleetInput): Promise<void> {
  // The media server is off in this benchmark: the device's own camera claim counts.
  const liveCamera = (): Camera => ({
    start: () => Promise.resolve(),
    stop: () => Promise.resolve(),
    online: () => true,
    onChange: () => () => undefined,
  });
  const fleet = await startSimulatedFleet({
    devices: input.devices,
    broker: input.broker,
    stateDir: input.stateDir,
    sim: { msPerGram: 0, settleMs: 0, noise: 0, stock: 1_000_000_000, capacity: 1_000_000_000 },
    createCamera: liveCamera,
    logger: () => silentLogger,
  });
  await fleet.ready();
  process.send?.('ready');
  process.on('SIGTERM', () => {
    void fleet.stop().finally(() => process.exit(0));
  });
}

// ---- HTTP over keep-alive connections ----

export interface Reply {
  status: number;
  body: { code?: number; data?: unknown };
}

/**
 * undici's pool: the load generator shares the machine with the API, the database and the devices, and
 * spends less CPU per request than with node:http's client (18 % of a core at 500 feeds/s, from 20–22 %).
 */
export function client(base: string, connections: number) {
  const pool = new Pool(base, { connections, pipelining: 1 });
  const post = async (route: string, body: unknown, token?: string, form = false): Promise<Reply> => {
    const payload = form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body);
    const res = await pool.request({
      method: 'POST',
      path: route,
      headers: {
        'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
        ...(token ? { token } : {}),
      },
      body: payload,
    });
    const text = await res.body.text();
    let parsed: Reply['body'] = {};
    try {
      parsed = JSON.parse(text) as Reply['body'];
    } catch {
      // an HTML page (the sandbox's)
    }
    return { status: res.statusCode, body: parsed };
  };
  return {
    post,
    close: () => pool.close(),
  };
}

export function dataOf<T>(r: Reply, schema: { parse: (value: unknown) => T }): T {
  if (r.status !== 200 || r.body.code !== 1) throw new Error(`HTTP ${String(r.status)}: ${JSON.stringify(r.body)}`);
  return schema.parse(r.body.data);
}

/** Runs `fn` over `items`, `width` at a time. */
export async function eachLimited<T, R>(
  items: T[],
  width: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i] as T, i);
    }),
  );
  return out;
}
