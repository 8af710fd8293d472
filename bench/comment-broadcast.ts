import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import { LIVE_NAMESPACE, LoginDataSchema, RoomJoinAckSchema, envelope } from '@petheart/contracts';
import { arg, loopbackAddress, sleep, startApi } from './lib';

/**
 * A comment broadcast to every socket of one live room: the API runs as its own process; the viewers
 * (socket.io-client, websocket transport) are spread over worker processes; comments go in through HTTP
 * (POST /api/live/comment/send) and the latency is from just before the request to each viewer's `comment`
 * event. The API's memory is its resident set (VmRSS in /proc/<pid>/status).
 * Targets (2 cores): 5,000 sockets, p99 <= 150 ms, API RSS <= 300 MB.
 * Usage: npm run bench:comments -w bench [-- --clients 5000 --comments 30 --workers 2]
 */

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes on one machine. */
const now = () => performance.timeOrigin + performance.now();
const ROOM = 'PH-0001';
const ACCOUNTS = [
  { account: 'demo@petheart.local', password: 'petheart-demo' },
  { account: 'friend@petheart.local', password: 'petheart-demo' },
  { account: 'admin@petheart.local', password: 'petheart-admin' },
];

interface WorkerInput {
  url: string;
  clients: number;
  /** The index of this worker's first client (each client has its own loopback address). */
  first: number;
  deviceId: string;
}
type WorkerMessage =
  | { type: 'ready'; connected: number }
  | { type: 'report'; received: Record<string, number[]>; sockets: number }
  | { type: 'error'; message: string };

/** The API process's resident memory, MB. */
function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'));
  return match?.[1] ? Math.round(Number(match[1]) / 1024) : NaN;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

// ---- a worker process: opens its share of the sockets, joins the room, records when each comment arrives ----

async function runWorker(input: WorkerInput): Promise<void> {
  const send = (m: WorkerMessage) => process.send?.(m);
  const received: Record<string, number[]> = {};
  const sockets: Socket[] = [];
  let next = input.first;
  const open = async () => {
    const socket = io(`${input.url}${LIVE_NAMESPACE}`, {
      // engine.io passes it to ws (not in socket.io-client's option types).
      ...{ localAddress: loopbackAddress(next++) },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
    });
    socket.on('comment', (c: { content: string }) => {
      (received[c.content] ??= []).push(now());
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const ack = RoomJoinAckSchema.parse(
      await socket.timeout(60_000).emitWithAck('join', { device_id: input.deviceId }),
    );
    if (!ack.ok) throw new Error(`join refused: ${ack.error}`);
    sockets.push(socket);
  };
  try {
    // 50 handshakes at a time: the API also has to answer the comments while this worker connects.
    for (let i = 0; i < input.clients; i += 50) {
      await Promise.all(Array.from({ length: Math.min(50, input.clients - i) }, open));
    }
    send({ type: 'ready', connected: sockets.length });
  } catch (error) {
    send({ type: 'error', message: String(error) });
    return;
  }
  process.on('message', (m: { type: string; last: string }) => {
    if (m.type !== 'report') return;
    void (async () => {
      // Wait (up to 10 s) until the last comment reached every socket.
      const deadline = Date.now() + 10_000;
      while ((received[m.last]?.length ?? 0) < sockets.length && Date.now() < deadline) await sleep(20);
      for (const s of sockets) s.disconnect();
      // Exit once the (large) report has gone down the pipe.
      process.send?.({ type: 'report', received, sockets: sockets.length } satisfies WorkerMessage, () => {
        process.exit(0);
      });
    })();
  });
}

// ---- the bench ----

function nextMessage(child: ChildProcess): Promise<WorkerMessage> {
  return new Promise((resolve, reject) => {
    child.once('message', (m) => {
      resolve(m as WorkerMessage);
    });
    child.once('exit', (code) => {
      reject(new Error(`worker exited with ${String(code)}`));
    });
  });
}

export async function benchCommentBroadcast(options: {
  clients: number;
  comments: number;
  workers: number;
  intervalMs: number;
}) {
  // No simulated feeders (their cameras encode video on the same cores); any free RTMP port (1935 may be taken).
  const api = await startApi({ SIM_FEEDERS: '0', MEDIA_RTMP_PORT: '0' });
  const pid = api.process.pid;
  if (pid === undefined) throw new Error('no API pid');
  const workers: ChildProcess[] = [];
  try {
    const tokens = await Promise.all(
      ACCOUNTS.map(async (body) => {
        const res = await fetch(`${api.url}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return envelope(LoginDataSchema).parse(await res.json()).data.userinfo.token;
      }),
    );
    // Start-up (migrations, seeding, PGlite's first pages) leaves garbage that is returned over a few seconds.
    await sleep(3000);
    const idleRss = rssMb(pid);

    const connectStart = now();
    const file = fileURLToPath(import.meta.url);
    for (let w = 0, first = 0; w < options.workers; w++) {
      const share = Math.floor(options.clients / options.workers) + (w < options.clients % options.workers ? 1 : 0);
      const input: WorkerInput = { url: api.url, clients: share, first, deviceId: ROOM };
      first += share;
      workers.push(fork(file, ['worker', JSON.stringify(input)], { execArgv: ['--import', 'tsx'] }));
    }
    const ready = await Promise.all(workers.map((w) => nextMessage(w)));
    for (const m of ready) if (m.type !== 'ready') throw new Error(m.type === 'error' ? m.message : 'no ready');
    const connectSeconds = (now() - connectStart) / 1000;
    // Let the coalesced viewer counts and the joins settle before measuring.
    await sleep(2000);
    const connectedRss = rssMb(pid);

    let peakRss = connectedRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssMb(pid));
    }, 50);
    const sentAt = new Map<string, number>();
    const httpMs: number[] = [];
    for (let i = 0; i < options.comments; i++) {
      const content = `bench-${String(i)}`;
      const token = tokens[i % tokens.length] ?? '';
      const t0 = now();
      sentAt.set(content, t0);
      const res = await fetch(`${api.url}/api/live/comment/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify({ device_id: ROOM, content }),
      });
      httpMs.push(now() - t0);
      if (!res.ok) throw new Error(`comment ${content}: ${String(res.status)} ${await res.text()}`);
      await sleep(options.intervalMs);
    }
    const last = `bench-${String(options.comments - 1)}`;
    const reports = await Promise.all(
      workers.map((w) => {
        const reply = nextMessage(w);
        w.send({ type: 'report', last });
        return reply;
      }),
    );
    clearInterval(sampler);

    const latencies: number[] = [];
    let sockets = 0;
    for (const r of reports) {
      if (r.type !== 'report') throw new Error('no report');
      sockets += r.sockets;
      for (const [content, times] of Object.entries(r.received)) {
        const t0 = sentAt.get(content);
        if (t0 !== undefined) for (const t of times) latencies.push(t - t0);
      }
    }
    latencies.sort((a, b) => a - b);
    httpMs.sort((a, b) => a - b);
    const round = (x: number) => Math.round(x * 10) / 10;
    return {
      sockets,
      comments: options.comments,
      delivered: `${String(latencies.length)}/${String(sockets * options.comments)}`,
      'connect s': round(connectSeconds),
      'p50 ms': round(percentile(latencies, 50)),
      'p99 ms': round(percentile(latencies, 99)),
      'max ms': round(latencies.at(-1) ?? NaN),
      'HTTP send p50 ms': round(percentile(httpMs, 50)),
      'API RSS idle MB': idleRss,
      'API RSS sockets MB': connectedRss,
      'API RSS peak MB': peakRss,
      'KB per socket': round(((connectedRss - idleRss) * 1024) / Math.max(1, sockets)),
    };
  } finally {
    for (const w of workers) if (w.exitCode === null) w.kill();
    await api.stop();
  }
}

if (process.argv[2] === 'worker') {
  await runWorker(JSON.parse(process.argv[3] ?? '{}') as WorkerInput);
} else if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const clients = arg('clients', 5000);
  console.log(
    `Comment broadcast to ${String(clients)} sockets in one room (targets p99 <= 150 ms, API RSS <= 300 MB):`,
  );
  console.table([
    await benchCommentBroadcast({
      clients,
      comments: arg('comments', 30),
      workers: arg('workers', 2),
      intervalMs: arg('interval', 700),
    }),
  ]);
}
