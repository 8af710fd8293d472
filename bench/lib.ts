import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A number given on the command line as `--name N`, else `fallback`. */
export function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
/** A text given on the command line as `--name TEXT`, else undefined. */
export function argText(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

/**
 * The i-th of many loopback addresses (127.1.0.1, 127.1.0.2, …): the API counts a tourist once per client
 * address and takes at most 20 sockets from one, so a bench's simulated viewers each come from their own.
 */
export function loopbackAddress(i: number): string {
  return `127.${String(1 + Math.floor(i / 62_500))}.${String(Math.floor(i / 250) % 250)}.${String((i % 250) + 1)}`;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

export interface RunningApi {
  url: string;
  process: ChildProcess;
  /** Its DATA_DIR (the outbox of its mail is <dataDir>/outbox). */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the API as its own process (as `npm start` does) on a free port with a fresh data folder; `nodeArgs`
 * go to node (e.g. --cpu-prof).
 */
export async function startApi(
  env: Record<string, string> = {},
  options: { nodeArgs?: string[] } = {},
): Promise<RunningApi> {
  // A caller that must know the port before the API starts (an nginx origin calling it back) passes PORT.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'petheart-bench-'));
  const args = [...(options.nodeArgs ?? []), '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      MQTT_PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${String(port)}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited with ${String(child.exitCode)}`);
    try {
      const res = await fetch(`${url}/api/configuration/getConfiguration`, { method: 'POST' });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('API did not start within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    process: child,
    dataDir,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU seconds a process has used (user + system), from /proc; 0 when it is gone or not on Linux. */
export function cpuSeconds(pid: number): number {
  try {
    const fields =
      readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
        .split(') ')[1]
        ?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return 0;
  }
}

/** The PIDs of the local PostgreSQL server's processes (none when it is not on this machine). */
function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

/**
 * Measures where the machine's CPU goes between `start()` and `stop()`: each named process's share of one
 * core (100 % = one core busy), local PostgreSQL's processes together, and the cores in use overall.
 */
export function cpuMeter(named: Record<string, number | undefined>) {
  const total = () => {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.split(/\s+/) ?? [];
    const n = ticks.map(Number);
    return { busy: n.reduce((s, t) => s + t, 0) - (n[3] ?? 0) - (n[4] ?? 0), at: performance.now() };
  };
  const sample = () => ({
    total: total(),
    named: Object.fromEntries(Object.entries(named).map(([k, pid]) => [k, pid ? cpuSeconds(pid) : 0])),
    postgres: postgresPids().reduce((s, pid) => s + cpuSeconds(pid), 0),
  });
  let first = sample();
  return {
    start() {
      first = sample();
    },
    stop(): Record<string, string> {
      const last = sample();
      const seconds = (last.total.at - first.total.at) / 1000;
      const pct = (cpu: number) => `${String(Math.round((cpu / seconds) * 100))} %`;
      const out: Record<string, string> = {};
      for (const k of Object.keys(named)) out[k] = pct((last.named[k] ?? 0) - (first.named[k] ?? 0));
      if (last.postgres > 0) out.postgres = pct(last.postgres - first.postgres);
      out['all processes'] = pct((last.total.busy - first.total.busy) / 100);
      return out;
    },
  };
}

/**
 * The machine's speed now: the best of 5 runs of a fixed task on this thread (a JavaScript loop and sort,
 * and SHA-256 of 20 MiB), in ms. This 2-core machine shares its host: the same task takes 36 ms in one hour
 * and 46 ms in the next, and the latency figures move with it, so a benchmark prints it beside them.
 */
export function machineSpeedMs(): number {
  const task = () => {
    const started = performance.now();
    let x = 1;
    const a = new Float64Array(200_000);
    for (let i = 0; i < a.length; i++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      a[i] = x;
    }
    a.sort();
    const block = Buffer.alloc(1 << 20, 7);
    for (let i = 0; i < 20; i++) createHash('sha256').update(block).digest();
    return performance.now() - started;
  };
  return Math.round(Math.min(...Array.from({ length: 5 }, task)) * 10) / 10;
}
