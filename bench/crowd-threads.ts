import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { crowd, type Received } from './crowd-viewers';

// The crowd of bench/crowd.ts spread over worker threads when one event loop cannot drive it: each thread holds
// its share of the viewers (crowd-viewers.ts) and answers the main thread's requests by message.

export interface CrowdSnapshot {
  received: Received[];
  /** Viewers that asked to join and got no stream. */
  refused: number;
  /** The busiest worker thread's event loop utilisation since the last snapshot, 0–1 (0 without threads). */
  elu: number;
}

export interface Crowd {
  /** Adds viewers until `count` have asked to join. */
  grow(count: number): Promise<void>;
  snapshot(): Promise<CrowdSnapshot>;
  close(): Promise<void>;
}

interface Setup {
  apiUrl: string;
  deviceId: string;
  kind: 'flv' | 'hls';
}

type Op = { op: 'grow'; count: number } | { op: 'snapshot' } | { op: 'close' };
type Request = Op & { id: number };
type Reply = { id: number } & Partial<CrowdSnapshot>;

/** The viewers in this thread. */
function local(setup: Setup): Crowd {
  const viewers = crowd(setup.apiUrl, setup.deviceId, setup.kind);
  return {
    grow: (count) => viewers.grow(count),
    snapshot: () => Promise.resolve({ received: viewers.received(), refused: viewers.refused, elu: 0 }),
    close: () => viewers.close(),
  };
}

/** One worker thread's viewers, driven by message. */
function threaded(setup: Setup): Crowd {
  // tsx's loader does not reach worker threads by itself: the thread registers it, then imports this file.
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const code = `import(${tsx}).then((t) => { t.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(code, { eval: true, workerData: setup });
  let elu = worker.performance.eventLoopUtilization();
  const pending = new Map<number, (reply: Reply) => void>();
  let next = 0;
  worker.on('message', (reply: Reply) => {
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  const failed = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => {
      reject(new Error(`crowd thread exited with ${String(code)}`));
    });
  });
  failed.catch(() => undefined);
  const ask = (op: Op) =>
    Promise.race([
      failed,
      new Promise<Reply>((resolve) => {
        const id = next++;
        pending.set(id, resolve);
        worker.postMessage({ ...op, id } satisfies Request);
      }),
    ]);
  return {
    grow: async (count) => {
      await ask({ op: 'grow', count });
    },
    snapshot: async () => {
      const r = await ask({ op: 'snapshot' });
      const since = worker.performance.eventLoopUtilization(elu);
      elu = worker.performance.eventLoopUtilization();
      return { received: r.received ?? [], refused: r.refused ?? 0, elu: since.utilization };
    },
    close: async () => {
      await ask({ op: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
  };
}

/** The crowd in this thread (`threads` 0) or spread evenly over `threads` worker threads. */
export function crowdOf(setup: Setup, threads: number): Crowd {
  if (threads <= 0) return local(setup);
  const parts = Array.from({ length: threads }, () => threaded(setup));
  return {
    async grow(count) {
      const share = (i: number) => Math.floor(count / threads) + (i < count % threads ? 1 : 0);
      await Promise.all(parts.map((p, i) => p.grow(share(i))));
    },
    async snapshot() {
      const all = await Promise.all(parts.map((p) => p.snapshot()));
      return {
        received: all.flatMap((s) => s.received),
        refused: all.reduce((s, x) => s + x.refused, 0),
        elu: Math.max(...all.map((s) => s.elu)),
      };
    },
    async close() {
      await Promise.all(parts.map((p) => p.close()));
    },
  };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const viewers = local(workerData as Setup);
  port.on('message', (request: Request) => {
    const reply = async (): Promise<Reply> => {
      if (request.op === 'grow') await viewers.grow(request.count);
      if (request.op === 'close') await viewers.close();
      return request.op === 'snapshot' ? { id: request.id, ...(await viewers.snapshot()) } : { id: request.id };
    };
    void reply()
      .catch(() => ({ id: request.id }))
      .then((r) => {
        port.postMessage(r);
      });
  });
}
