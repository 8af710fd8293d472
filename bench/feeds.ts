import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import {
  AdminBaseSchema,
  AdminDeviceListDataSchema,
  DeviceCredentialsSchema,
  ErrorEnvelopeSchema,
  FeedSchema,
  LIVE_NAMESPACE,
  LiveServerEvents,
  LoginDataSchema,
  PayRequestDataSchema,
  PaymentOrderSchema,
} from '@petheart/contracts';
import { client, dataOf, eachLimited, runFleet, type FleetInput } from './feeds-harness';
import { arg, argText, cpuMeter, loopbackAddress, machineSpeedMs, sleep, startApi } from './lib';

/**
 * Sustained feeds through the API (issue 4 §6): the API as its own process (PGlite, or PostgreSQL when
 * DATABASE_URL is set), simulated feeders (the real agent, instant simulated motor and scale) in a second
 * process, users registered and funded through the sandbox payment flow over HTTP, then POST /api/live/feed at a
 * fixed offered rate (open loop) from this process over keep-alive connections. Reported: accepted and succeeded
 * feeds per second, the feed request's HTTP latency, and tap-to-ack (request sent → the room's `fed` event, sent
 * when the device acks the dispense). Targets: >= 500 feeds/s, HTTP p99 <= 50 ms,
 * tap-to-ack p99 <= 50 ms on loopback.
 * Usage: npm run bench:feeds -w bench [-- --rate 500 --seconds 10 --warmup 3 --devices 100 --users 200
 *   --connections 64 --profile DIR --timeline]
 */

const now = () => performance.timeOrigin + performance.now();
const PORTION = { grams: 10, coins: 10 };
const PACKAGE = { id: 4, coins: 1360 }; // the largest default package: 1,280 + 80 coins

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
const round = (n: number) => Math.round(n * 10) / 10;

// ---- the benchmark ----

export interface FeedBenchOptions {
  rate: number;
  seconds: number;
  warmup: number;
  devices: number;
  users: number;
  connections: number;
  /** Prints the worst HTTP latency of each second of the run (warm-up included). */
  timeline?: boolean;
  /** Writes a V8 CPU profile of the API process into this folder (on exit). */
  profileDir?: string;
}

export async function benchFeeds(o: FeedBenchOptions): Promise<Record<string, unknown>> {
  const api = await startApi(
    {
      MEDIA_ENABLED: 'false',
      SIM_FEEDERS: '0',
      CODE_IP_LIMIT_PER_HOUR: '10000000',
    },
    { nodeArgs: o.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${o.profileDir}`] : [] },
  );
  const { post, close } = client(api.url, o.connections);
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'petheart-bench-feeders-'));
  const fleet = fork(fileURLToPath(import.meta.url), ['--fleet'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const sockets: Socket[] = [];
  try {
    const login = async (account: string, password: string) =>
      dataOf(await post('/api/user/login', { account, password }), LoginDataSchema).userinfo;
    const admin = (await login('admin@petheart.local', 'petheart-admin')).token;
    const operator = await login('demo@petheart.local', 'petheart-demo');

    // The stations, provisioned in the console (a 30 % share for the base's operator).
    const base = dataOf(
      await post(
        '/api/admin/base/create',
        { name: 'Bench Base', address: 'Bench Road 1', latitude: 31.2, longitude: 121.5, operator_id: operator.id },
        admin,
      ),
      AdminBaseSchema,
    );
    const devices = await eachLimited(Array.from({ length: o.devices }), 4, async (_, i) => {
      const made = await post(
        '/api/admin/device/provision',
        { base_id: base.id, name: `Bench Feeder ${String(i + 1)}`, revenue_share_bp: 3000 },
        admin,
      );
      return dataOf(made, DeviceCredentialsSchema);
    });
    const input: FleetInput = {
      broker: devices[0]?.broker_url ?? '',
      stateDir,
      devices: devices.map((d) => ({ id: d.device.device_id, secret: d.secret })),
    };
    fleet.send(input);
    await new Promise<void>((resolve, reject) => {
      fleet.once('message', () => {
        resolve();
      });
      fleet.once('exit', (code) => {
        reject(new Error(`the fleet process exited with ${String(code)}`));
      });
    });
    for (;;) {
      let online = 0;
      for (let page = 1; (page - 1) * 100 < o.devices; page++) {
        const list = dataOf(
          await post('/api/admin/device/list', { base_id: base.id, page, limit: 100 }, admin),
          AdminDeviceListDataSchema,
        ).list;
        online += list.filter((d) => d.feeder_online && d.camera_online).length;
      }
      if (online === o.devices) break;
      await sleep(200);
    }

    // Users, registered with a mailed code (read from the API's outbox) and funded through the sandbox.
    const run = randomBytes(3).toString('hex');
    const outbox = path.join(api.dataDir, 'outbox');
    const needed = Math.ceil(((o.rate * (o.seconds + o.warmup) * PORTION.coins) / o.users) * 1.3);
    const recharges = Math.max(1, Math.ceil(needed / PACKAGE.coins));
    const users = await eachLimited(Array.from({ length: o.users }), 8, async (_, i) => {
      const email = `b${run}-${String(i)}@example.com`;
      const sent = await post('/api/ems/send', { email, event: 'register' });
      if (sent.body.code !== 1) throw new Error(`no code sent to ${email}: ${JSON.stringify(sent.body)}`);
      let code: string | undefined;
      for (let tries = 0; !code && tries < 200; tries++) {
        const file = readdirSync(outbox).find((f) => f.endsWith(`-${email}.eml`));
        const body = file
          ? readFileSync(path.join(outbox, file), 'utf8')
              .split(/\r?\n\r?\n/)
              .slice(1)
              .join('\n')
          : '';
        code = /\b(\d{6})\b/.exec(body.replace(/=\r?\n/g, ''))?.[1];
        if (!code) await sleep(10);
      }
      if (!code) throw new Error(`no code mailed to ${email}`);
      const user = dataOf(
        await post('/api/user/register', { email, password: 'bench-password', code }),
        LoginDataSchema,
      ).userinfo;
      for (let n = 0; n < recharges; n++) {
        const order = dataOf(await post('/api/balance/Recharge', { id: PACKAGE.id }, user.token), PayRequestDataSchema);
        if (order.provider !== 'sandbox') throw new Error('expected the sandbox payment provider');
        const page = new URL(order.response.pay_url, api.url);
        await post(page.pathname, { action: 'pay', sig: page.searchParams.get('sig') ?? '' }, undefined, true);
        for (;;) {
          const r = await post('/api/balance/order', { order_no: order.order_no }, user.token);
          if (dataOf(r, PaymentOrderSchema).status === 'paid') break;
          await sleep(20);
        }
      }
      return { token: user.token, nickname: user.nickname };
    });

    // The rooms' `fed` events (a socket joins at most 4 rooms).
    interface InFlight {
      sentAt: number;
      measured: boolean;
      feedId?: string;
    }
    const inFlight = new Map<string, InFlight>();
    const tapToAck: number[] = [];
    // The measured window (set when the load starts); throughput counts what completes inside it.
    const window = { from: Infinity, to: -Infinity };
    const inWindow = (t: number) => t >= window.from && t < window.to;
    let succeededInWindow = 0;
    const onFed = (payload: unknown) => {
      const fed = LiveServerEvents.fed.parse(payload);
      const at = now();
      if (inWindow(at)) succeededInWindow++;
      const key = `${fed.device_id}|${fed.nickname}`;
      const f = inFlight.get(key);
      if (!f) return;
      inFlight.delete(key);
      if (f.measured) tapToAck.push(at - f.sentAt);
    };
    for (let i = 0; i < devices.length; i += 4) {
      const socket = io(`${api.url}${LIVE_NAMESPACE}`, {
        // engine.io passes it to ws (not in socket.io-client's option types).
        ...{ localAddress: loopbackAddress(i) },
        transports: ['websocket'],
        forceNew: true,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      socket.on('fed', onFed);
      for (const d of devices.slice(i, i + 4))
        await socket.timeout(10_000).emitWithAck('join', { device_id: d.device.device_id });
    }

    // The load: `rate` feeds per second, each from a (device, user) pair with no feed open (so that the room's
    // event names its feed); the first `warmup` seconds are not measured.
    const httpMs: number[] = [];
    // Each second of the run: taps sent, and the worst HTTP latency of those (printed with --timeline).
    const seconds: { sent: number; worstMs: number }[] = [];
    const refused = new Map<string, number>();
    let acceptedInWindow = 0;
    let networkErrors = 0;
    let noPair = 0;
    let shed = 0;
    let sent = 0;
    let measuredSent = 0;
    // The machine's speed just before the load (everything set up and idle) and just after it.
    const speedBefore = machineSpeedMs();
    const started = now();
    const cpu = cpuMeter({ api: api.process.pid, devices: fleet.pid, 'load generator': process.pid });
    const meterStart = setTimeout(() => {
      cpu.start();
    }, o.warmup * 1000);
    window.from = started + o.warmup * 1000;
    window.to = window.from + o.seconds * 1000;
    // Past this many open requests the API is far behind: further taps are shed (counted) to bound the run.
    const maxOpen = Math.max(200, o.rate);
    const requests = new Set<Promise<void>>();
    const fire = (i: number) => {
      if (requests.size >= maxOpen) {
        shed++;
        return;
      }
      const device = devices[i % devices.length]?.device.device_id ?? '';
      let user: (typeof users)[number] | undefined;
      for (let t = 0; t < 8 && !user; t++) {
        const u = users[Math.floor(Math.random() * users.length)];
        if (u && !inFlight.has(`${device}|${u.nickname}`)) user = u;
      }
      if (!user) {
        noPair++;
        return;
      }
      const key = `${device}|${user.nickname}`;
      const sentAt = now();
      const flight: InFlight = { sentAt, measured: inWindow(sentAt) };
      if (flight.measured) measuredSent++;
      inFlight.set(key, flight);
      const body = { device_id: device, ...PORTION, idempotency_key: randomUUID() };
      const p = post('/api/live/feed', body, user.token).then(
        (r) => {
          const at = now();
          if (flight.measured) httpMs.push(at - sentAt);
          const s = (seconds[Math.floor((sentAt - started) / 1000)] ??= { sent: 0, worstMs: 0 });
          s.sent++;
          s.worstMs = Math.max(s.worstMs, at - sentAt);
          if (r.body.code === 1) {
            flight.feedId = dataOf(r, FeedSchema).id;
            if (inWindow(at)) acceptedInWindow++;
          } else {
            if (inFlight.get(key) === flight) inFlight.delete(key);
            const error = ErrorEnvelopeSchema.safeParse(r.body);
            const id = error.success ? error.data.data.error : `HTTP ${String(r.status)}`;
            if (flight.measured) refused.set(id, (refused.get(id) ?? 0) + 1);
          }
        },
        () => {
          if (inFlight.get(key) === flight) inFlight.delete(key);
          networkErrors++;
        },
      );
      requests.add(p);
      void p.finally(() => requests.delete(p));
    };
    while (now() < window.to) {
      const due = Math.floor(((now() - started) * o.rate) / 1000) - sent;
      for (let k = 0; k < due; k++) fire(sent++);
      await sleep(1);
    }
    clearTimeout(meterStart);
    const cpuShares = cpu.stop();
    // Answers still due, then the feeds still open (the feed timeout is 10 s; a failed feed sends no event).
    const drainUntil = now() + 20_000;
    while (requests.size > 0 && now() < drainUntil) await sleep(20);
    const unanswered = measuredSent - httpMs.length;
    while ([...inFlight.values()].some((f) => f.measured && f.feedId) && now() < drainUntil) await sleep(50);
    const unconfirmed = [...inFlight.values()].filter((f) => f.measured && f.feedId).length;
    const speedAfter = machineSpeedMs();

    httpMs.sort((a, b) => a - b);
    tapToAck.sort((a, b) => a - b);
    return {
      database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
      'offered/s': o.rate,
      'accepted/s': round(acceptedInWindow / o.seconds),
      'succeeded/s': round(succeededInWindow / o.seconds),
      'HTTP p50 ms': round(percentile(httpMs, 50)),
      'HTTP p99 ms': round(percentile(httpMs, 99)),
      'HTTP max ms': round(httpMs.at(-1) ?? NaN),
      ...(o.timeline ? { 'worst HTTP ms by second': seconds.map((s) => Math.round(s.worstMs)).join(' ') } : {}),
      'tap-to-ack p50 ms': round(percentile(tapToAck, 50)),
      'tap-to-ack p99 ms': round(percentile(tapToAck, 99)),
      'tap-to-ack max ms': round(tapToAck.at(-1) ?? NaN),
      refused: Object.fromEntries(refused),
      // Taps of the window: not answered within 20 s after it, answered but no `fed` event (failed or late).
      unanswered,
      'no fed event': unconfirmed,
      'network errors': networkErrors,
      // Taps not sent: too many requests open (the API is far behind), or no free (device, user) pair.
      shed,
      'no free pair': noPair,
      // Share of one core each used in the measured window (2 cores here: 200 % is all of the machine).
      cpu: cpuShares,
      // A fixed task's time on one core before and after the load (lower is faster; see machineSpeedMs).
      'machine speed ms': `${String(speedBefore)} / ${String(speedAfter)}`,
    };
  } finally {
    for (const s of sockets) s.disconnect();
    fleet.kill('SIGTERM');
    if (fleet.exitCode === null) await new Promise((r) => fleet.once('exit', r));
    await close();
    await api.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--fleet')) {
  process.once('message', (input) => {
    runFleet(input as FleetInput).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
} else if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const options: FeedBenchOptions = {
    rate: arg('rate', 500),
    seconds: arg('seconds', 10),
    warmup: arg('warmup', 3),
    devices: arg('devices', 100),
    users: arg('users', 200),
    connections: arg('connections', 64),
    profileDir: argText('profile'),
    timeline: process.argv.includes('--timeline'),
  };
  console.log(
    `Feeds through the API, ${String(options.rate)}/s offered for ${String(options.seconds)} s over ` +
      `${String(options.devices)} simulated devices and ${String(options.users)} users ` +
      '(targets: >= 500 feeds/s, HTTP p99 <= 50 ms, tap-to-ack p99 <= 50 ms):',
  );
  console.log(await benchFeeds(options));
}
