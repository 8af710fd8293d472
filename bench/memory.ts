import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AdminBaseSchema,
  AdminDeviceListDataSchema,
  DeviceCredentialsSchema,
  LoginDataSchema,
  PayRequestDataSchema,
  PaymentOrderSchema,
  PlaybackSchema,
} from '@petheart/contracts';
import { resolveFfmpeg } from '@petheart/feeder';
import { client, dataOf, eachLimited, runFleet, type FleetInput } from './feeds-harness';
import { arg, argText, freePort, sleep, startApi } from './lib';
import { mb, procStatus, breakdown, type Sample, sample } from './proc-memory';

/**
 * The embedded API's memory, as `npm start` runs it (decision 022): the API as its own process (NODE_ENV=production,
 * tsx, PGlite on a fresh data folder, the embedded broker and media server) with its simulated feeders and their
 * ffmpeg cameras. Resident memory (VmRSS, and the peak VmHWM, from /proc/<pid>/status) of the API process alone, and
 * of its child processes (the cameras' ffmpeg, the recorders' ffmpeg, tsx's esbuild) beside it, sampled: once every
 * feeder streams, over an idle period, at the end of a load, and over an idle period after it. The load: feeds at
 * a fixed rate over more stations (provisioned in the console and run by the real agent in a second process, as
 * bench:feeds does; each also publishes a small test picture, since the media server owns camera_online) and one a
 * second at each demo feeder, each feed with a read (the live list, the community list, the user page), with a
 * viewer on each demo camera's HTTP-FLV stream. Each stage also prints a breakdown of the API's resident memory by
 * kind of mapping (/proc/<pid>/smaps; see `breakdown`). Printed, not asserted; the machine's load average
 * (/proc/loadavg) goes with every figure.
 * Usage: npm run bench:memory -w bench [-- --idle 300 --every 30 --feeders 4 --rate 100 --seconds 20
 *   --devices 10 --settle 120 --node-args "--max-semi-space-size=2"]
 */

const PORTION = { grams: 10, coins: 10 };
const PACKAGE = { id: 4, coins: 1360 }; // the largest default package: 1,280 + 80 coins

type Post = ReturnType<typeof client>['post'];

/**
 * Feeds at `o.rate` per second (open loop) over `devices`, one a second at each of `slow`, each feed with a
 * read (the live list, the community list, the user page) by the same user; `tick` runs every second. Returns
 * a line of figures.
 */
async function driveLoad(
  o: MemoryBenchOptions,
  post: Post,
  users: { token: string }[],
  devices: string[],
  slow: string[],
  tick: () => void,
): Promise<string> {
  const http: number[] = [];
  const answers = new Map<string, number>();
  const open = new Set<Promise<unknown>>();
  const reads = [
    (token: string) => post('/api/live/list', { tab: 'recommend', page: 1, limit: 10 }, token),
    (token: string) => post('/api/post/list', { page: 1, limit: 10 }, token),
    (token: string) => post('/api/user/index', {}, token),
  ];
  let sent = 0;
  const feed = (deviceId: string) => {
    const user = users[sent % users.length];
    if (!user || open.size >= 4 * o.rate) return;
    const at = performance.now();
    const answered = post(
      '/api/live/feed',
      { device_id: deviceId, ...PORTION, idempotency_key: randomUUID() },
      user.token,
    ).then(
      (r) => {
        http.push(performance.now() - at);
        const key = r.body.code === 1 ? 'accepted' : JSON.stringify(r.body.data ?? r.status);
        answers.set(key, (answers.get(key) ?? 0) + 1);
      },
      () => answers.set('network error', (answers.get('network error') ?? 0) + 1),
    );
    const read = reads[sent % reads.length]?.(user.token).catch(() => undefined) ?? Promise.resolve();
    sent++;
    for (const p of [answered, read]) {
      open.add(p);
      void p.finally(() => open.delete(p));
    }
  };
  const started = performance.now();
  let fast = 0;
  for (let second = 0; performance.now() - started < o.seconds * 1000;) {
    const due = Math.floor(((performance.now() - started) * o.rate) / 1000) - fast;
    for (let k = 0; k < due; k++, fast++) feed(devices[fast % devices.length] ?? '');
    if (performance.now() - started >= second * 1000) {
      for (const d of slow) feed(d);
      tick();
      second++;
    }
    await sleep(5);
  }
  const drainUntil = Date.now() + 20_000;
  while (open.size > 0 && Date.now() < drainUntil) await sleep(20);
  http.sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round((http[Math.min(http.length - 1, Math.ceil((p / 100) * http.length) - 1)] ?? NaN) * 10) / 10;
  return (
    `load: ${String(sent)} feeds and as many reads in ${String(o.seconds)} s, feed HTTP p50 ${String(pct(50))} ms, ` +
    `p99 ${String(pct(99))} ms, answers ${JSON.stringify(Object.fromEntries(answers))}`
  );
}

// ---- the benchmark ----

export interface MemoryBenchOptions {
  /** Simulated feeders with ffmpeg cameras started by the API (SIM_FEEDERS; `npm start` runs 4). */
  feeders: number;
  /** Seconds idle after start, sampled every `every` seconds. */
  idle: number;
  every: number;
  /** Feeds per second offered during the load, for `seconds`, over `devices` more devices (0 = no load). */
  rate: number;
  seconds: number;
  devices: number;
  /** Seconds idle after the load (sampled 30 s after it and every `every` seconds). */
  settle: number;
  /** Extra node arguments for the API process (to measure V8 flags). */
  nodeArgs: string[];
}

export async function benchMemory(o: MemoryBenchOptions): Promise<{ samples: Sample[]; breakdowns: object[] }> {
  const startedAt = performance.now();
  const api = await startApi(
    {
      SIM_FEEDERS: String(o.feeders),
      MEDIA_RTMP_PORT: String(await freePort()),
      CODE_IP_LIMIT_PER_HOUR: '10000000',
    },
    { nodeArgs: o.nodeArgs },
  );
  const pid = api.process.pid ?? 0;
  const samples: Sample[] = [];
  const breakdowns: object[] = [];
  const record = (stage: string) => {
    const s = sample(pid, stage);
    samples.push(s);
    breakdowns.push({ stage, ...breakdown(pid) });
    console.log(
      `${stage}: API ${String(s['API VmRSS MB'])} MB (peak ${String(s['API VmHWM MB'])}); ${s.children}; ` +
        `load ${s['load average']}`,
    );
    return s;
  };
  const { post, close } = client(api.url, 16);
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'petheart-bench-memory-'));
  let fleet: ChildProcess | undefined;
  const viewers: AbortController[] = [];
  try {
    const login = async (account: string, password: string) =>
      dataOf(await post('/api/user/login', { account, password }), LoginDataSchema).userinfo;
    const admin = (await login('admin@petheart.local', 'petheart-admin')).token;

    // Ready: the API answers and every simulated feeder is online with its camera publishing.
    const listed = async (baseId?: number) => {
      const out = [];
      for (let page = 1; ; page++) {
        const list = dataOf(
          await post('/api/admin/device/list', { page, limit: 100, ...(baseId ? { base_id: baseId } : {}) }, admin),
          AdminDeviceListDataSchema,
        ).list;
        out.push(...list);
        if (list.length < 100) return out;
      }
    };
    for (const deadline = Date.now() + 120_000; ;) {
      const live = (await listed()).filter((d) => d.feeder_online && d.camera_online).length;
      if (live >= o.feeders) break;
      if (Date.now() > deadline) throw new Error(`only ${String(live)} of ${String(o.feeders)} feeders online`);
      await sleep(250);
    }
    console.log(`ready in ${String(Math.round((performance.now() - startedAt) / 100) / 10)} s`);
    record('after start');

    // Idle.
    for (let t = o.every; t <= o.idle; t += o.every) {
      await sleep(o.every * 1000);
      record(`idle ${String(t)} s`);
    }
    if (o.idle % o.every !== 0 && o.idle > 0) {
      await sleep((o.idle % o.every) * 1000);
      record(`idle ${String(o.idle)} s`);
    }

    if (o.rate > 0 && o.devices > 0) {
      const devicesProcess = fork(fileURLToPath(import.meta.url), ['--fleet'], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      fleet = devicesProcess;
      // More stations, provisioned in the console and run by the real agent (instant motor) in a second process.
      const operator = await login('demo@petheart.local', 'petheart-demo');
      const base = dataOf(
        await post(
          '/api/admin/base/create',
          { name: 'Memory Base', address: 'Bench Road 2', latitude: 31.2, longitude: 121.5, operator_id: operator.id },
          admin,
        ),
        AdminBaseSchema,
      );
      const devices = await eachLimited(Array.from({ length: o.devices }), 4, async (_, i) =>
        dataOf(
          await post(
            '/api/admin/device/provision',
            { base_id: base.id, name: `Memory Feeder ${String(i + 1)}`, daily_gram_cap: 100_000 },
            admin,
          ),
          DeviceCredentialsSchema,
        ),
      );
      const input: CameraFleetInput = {
        broker: devices[0]?.broker_url ?? '',
        stateDir,
        devices: devices.map((d) => ({ id: d.device.device_id, secret: d.secret })),
        rtmpUrls: devices.map((d) => d.rtmp_url ?? ''),
      };
      devicesProcess.send(input);
      await new Promise<void>((resolve, reject) => {
        devicesProcess.once('message', () => {
          resolve();
        });
        devicesProcess.once('exit', (code) => {
          reject(new Error(`the fleet process exited with ${String(code)}`));
        });
      });
      while ((await listed(base.id)).filter((d) => d.feeder_online && d.camera_online).length < o.devices)
        await sleep(200);

      // The demo's two users, funded through the sandbox payment flow.
      const users = [
        await login('demo@petheart.local', 'petheart-demo'),
        await login('friend@petheart.local', 'petheart-demo'),
      ];
      const recharges = Math.ceil((o.rate * o.seconds * PORTION.coins) / users.length / PACKAGE.coins);
      await eachLimited(users, 2, async (user) => {
        for (let n = 0; n < recharges; n++) {
          const order = dataOf(
            await post('/api/balance/Recharge', { id: PACKAGE.id }, user.token),
            PayRequestDataSchema,
          );
          if (order.provider !== 'sandbox') throw new Error('expected the sandbox payment provider');
          const page = new URL(order.response.pay_url, api.url);
          await post(page.pathname, { action: 'pay', sig: page.searchParams.get('sig') ?? '' }, undefined, true);
          while (
            dataOf(await post('/api/balance/order', { order_no: order.order_no }, user.token), PaymentOrderSchema)
              .status !== 'paid'
          )
            await sleep(20);
        }
      });

      // A viewer on each demo camera's HTTP-FLV stream for the load.
      const provisioned = new Set(devices.map((d) => d.device.device_id));
      const cameras = (await listed()).filter((d) => d.camera_online && !provisioned.has(d.device_id));
      for (const camera of cameras) {
        const play = dataOf(await post('/api/live/play', { device_id: camera.device_id }), PlaybackSchema);
        if (!play.flv_url) continue; // the embedded run always has it
        const abort = new AbortController();
        viewers.push(abort);
        void fetch(new URL(play.flv_url, api.url), { signal: abort.signal })
          .then((res) => res.body?.pipeTo(new WritableStream()))
          .catch(() => undefined);
      }
      record('before load');
      let peak = 0;

      // The load, open loop: `rate` feeds per second over the provisioned devices (instant motor) and one a
      // second at each demo feeder (its motor runs 20 ms a gram, its camera shows the food), each with a read.
      const load = await driveLoad(
        o,
        post,
        users,
        [...provisioned],
        cameras.map((c) => c.device_id),
        () => {
          peak = Math.max(peak, mb(procStatus(pid).VmRSS ?? 0));
        },
      );
      console.log(`${load}, highest VmRSS sampled during the load ${String(peak)} MB`);
      record('end of load');
      // The load's devices and viewers leave; the demo's feeders stay.
      for (const v of viewers) v.abort();
      const exited = new Promise((r) => devicesProcess.once('exit', r));
      devicesProcess.kill('SIGTERM');
      await exited;
      fleet = undefined;
      // Then idle again: sampled 30 s after the load and every `every` seconds until `settle`.
      const marks = [Math.min(30, o.settle)];
      for (let t = (marks[0] ?? 0) + o.every; t < o.settle; t += o.every) marks.push(t);
      if (marks.at(-1) !== o.settle) marks.push(o.settle);
      let waited = 0;
      for (const t of marks) {
        await sleep((t - waited) * 1000);
        waited = t;
        record(`after load (+${String(t)} s)`);
      }
    }
    return { samples, breakdowns };
  } finally {
    for (const v of viewers) v.abort();
    if (fleet && fleet.exitCode === null) {
      const exited = new Promise((r) => fleet?.once('exit', r));
      fleet.kill('SIGTERM');
      await exited;
    }
    await close();
    await api.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}

// ---- the second process: the load's devices (the real agent, instant motor) and their cameras ----

interface CameraFleetInput extends FleetInput {
  /** Each device's RTMP publish address (the media server sets camera_online while a device publishes). */
  rtmpUrls: string[];
}

/**
 * A small camera per device: ffmpeg publishing a 160×90 test picture at 5 frames/s (the simulated feeders' own
 * cameras draw 426×240 at 15 frames/s in the API's process; these belong to this process, not to the API).
 */
function publishTestPictures(urls: string[]): ChildProcess[] {
  const ffmpeg = resolveFfmpeg();
  const children = urls.map((url) =>
    spawn(
      ffmpeg,
      [
        ['-hide_banner', '-nostdin', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=5'],
        ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '5', '-threads', '1'],
        ['-rw_timeout', '5000000', '-f', 'flv', url],
      ].flat(),
      { stdio: 'ignore' },
    ),
  );
  process.on('exit', () => {
    for (const c of children) c.kill('SIGKILL');
  });
  return children;
}

if (process.argv.includes('--fleet')) {
  process.once('message', (input) => {
    publishTestPictures((input as CameraFleetInput).rtmpUrls);
    runFleet(input as FleetInput).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
} else if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const options: MemoryBenchOptions = {
    feeders: arg('feeders', 4),
    idle: arg('idle', 300),
    every: arg('every', 30),
    rate: arg('rate', 100),
    seconds: arg('seconds', 20),
    devices: arg('devices', 10),
    settle: arg('settle', 120),
    nodeArgs: (argText('node-args') ?? '').split(' ').filter(Boolean),
  };
  console.log(
    `Memory of the embedded API with ${String(options.feeders)} simulated feeders: ${String(options.idle)} s idle, ` +
      `then ${String(options.rate)} feeds/s (and as many reads) for ${String(options.seconds)} s ` +
      `(target: API VmRSS <= 500 MB idle; the ffmpeg children are counted apart):`,
  );
  const { samples, breakdowns } = await benchMemory(options);
  console.table(samples);
  console.log("Where the API process's resident memory is (MB, by kind of mapping, see breakdown()):");
  console.table(breakdowns);
}
