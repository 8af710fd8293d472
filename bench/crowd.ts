import os from 'node:os';
import type { Browser, Page } from '@playwright/test';
import { crowdOf, type Crowd } from './crowd-threads';
import type { Received } from './crowd-viewers';
import { serverGroups, startUsage } from './crowd-meter';
import {
  builtWebApp,
  launchChromium,
  liveRoomUrl,
  percentile,
  sampleGlassToGlass,
  startVideoApi,
  visitLiveRoom,
} from './glass-to-glass';
import { arg, argText, sleep } from './lib';
import { loadAverage } from './proc-memory';

/**
 * Crowd (issue 26): how many concurrent viewers of the 350 kbit/s camera one API process serves on HTTP-FLV, and
 * the nginx edge on HLS, before glass-to-glass p90 passes 2 s or viewers starve. The API with one simulated feeder
 * (bench/glass-to-glass.ts's startVideoApi: embedded for `flv`, an nginx-rtmp origin and edge on loopback for
 * `nginx`); synthetic viewers in this process or its worker threads (bench/crowd-viewers.ts) join in steps; at each
 * step a fresh headless Chromium viewer opens the live room and its glass-to-glass latency is sampled while the
 * load holds.
 */

export type CrowdSide = 'flv' | 'nginx';

export interface CrowdOptions {
  side: CrowdSide;
  /** Synthetic viewers at each step, increasing. */
  steps: number[];
  /** Seconds each step's load is held and measured. */
  seconds: number;
  /** Seconds between the Chromium viewer playing and the measurement (viewers that just joined settle). */
  settle: number;
  /** The p90 glass-to-glass a step must stay within, ms (HLS starts above 2 s: it has a limit of its own). */
  limitMs: number;
  /**
   * A viewer starves when it receives less media time than this share of what the median viewer got; the step
   * fails too when the median viewer gets less than this share of real time.
   */
  keepUp: number;
  /** Worker threads the synthetic viewers are spread over (0: this thread, beside the Chromium probe). */
  threads: number;
}

export type CrowdRow = Record<string, number | string>;

export interface CrowdResult {
  side: CrowdSide;
  rows: CrowdRow[];
  /** The largest step that held (p90 within the limit, at most 1 % of viewers starving); -1 when none did. */
  held: number;
  /** Why the ramp stopped (empty when every step held). */
  stopped: string;
}

const SIDE_NAME: Record<CrowdSide, string> = { flv: 'HTTP-FLV from the API', nginx: 'HLS from the nginx edge' };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? NaN
    : s.length % 2
      ? (s[(s.length - 1) / 2] ?? NaN)
      : ((s[s.length / 2 - 1] ?? 0) + (s[s.length / 2] ?? 0)) / 2;
};

/** The CPU of the processes the bench measures (the server, its ffmpeg, Chromium, this one), % of one core. */
const ours = (cpu: Record<string, number>) =>
  ['api', 'nginx', 'ffmpeg', 'chromium', 'generator'].reduce((sum, k) => sum + (cpu[k] ?? 0), 0);

/** Per viewer over a window: kbit/s received, and media time received per wall second (1 = keeping up). */
function rates(before: Received[], after: Received[], seconds: number) {
  return after.map((a, i) => {
    const b = before[i] ?? { bytes: 0, mediaMs: 0, failed: false };
    return {
      kbps: ((a.bytes - b.bytes) * 8) / seconds / 1000,
      pace: a.failed ? 0 : (a.mediaMs - b.mediaMs) / 1000 / seconds,
      receiving: a.bytes > b.bytes,
    };
  });
}

interface StepContext {
  page: Page;
  roomUrl: string;
  viewers: Crowd;
  /** The server's processes by role (crowd-meter.ts). */
  groups: () => Record<string, number[]>;
}

/** One step, once its viewers have joined: a fresh Chromium viewer, then the window the load is measured over. */
async function measureStep(n: number, at: StepContext, o: CrowdOptions) {
  const { page, viewers } = at;
  // A viewer joining the crowd: the time to its first frame, then its latency while the load holds.
  const visit = await visitLiveRoom(page, at.roomUrl).catch(() => undefined);
  await sleep(o.settle * 1000);
  const before = await viewers.snapshot();
  const usage = startUsage(at.groups);
  const started = performance.now();
  const { latencies, unreadable } = visit
    ? await sampleGlassToGlass(page.getByTestId('live-video'), o.seconds)
    : { latencies: [], unreadable: 0 };
  const seconds = (performance.now() - started) / 1000;
  const after = await viewers.snapshot();
  const use = usage.stop();
  const per = rates(before.received, after.received, seconds);
  const kbps = per.map((v) => v.kbps);
  const p90 = percentile(latencies, 90);
  // The median viewer's pace: below 1 with every viewer alike (kbit/s min ≈ median), the camera itself dropped
  // frames (the simulated one renders in the API's process). A viewer starves when it falls behind the median one.
  const typical = n > 0 ? median(per.map((v) => v.pace)) : NaN;
  const starving = per.filter((v) => v.pace < o.keepUp * typical).length + after.refused;
  const row: CrowdRow = {
    viewers: n,
    receiving: per.filter((v) => v.receiving).length,
    starving,
    refused: after.refused,
    'kbit/s median': n > 0 ? Math.round(median(kbps)) : '–',
    'kbit/s min': n > 0 ? Math.round(Math.min(...kbps)) : '–',
    'pace median': n > 0 ? Number(typical.toFixed(2)) : '–',
    'pace min': n > 0 ? Number(Math.min(...per.map((v) => v.pace)).toFixed(2)) : '–',
    'first frame ms': visit?.firstFrame ?? 'none',
    'p50 ms': percentile(latencies, 50),
    'p90 ms': p90,
    samples: `${String(latencies.length)}/${String(latencies.length + unreadable)}`,
    'server CPU %': (use.cpu.api ?? 0) + (use.cpu.nginx ?? 0),
    'server RSS MB': (use.rssMb.api ?? 0) + (use.rssMb.nginx ?? 0),
    ...(o.side === 'nginx'
      ? { 'API CPU %': use.cpu.api ?? 0, 'nginx CPU %': use.cpu.nginx ?? 0, 'nginx RSS MB': use.rssMb.nginx ?? 0 }
      : {}),
    'ffmpeg CPU %': use.cpu.ffmpeg ?? 0,
    'Chromium CPU %': use.cpu.chromium ?? 0,
    'generator CPU %': use.cpu.generator ?? 0,
    'generator ELU': Number(Math.max(use.generatorElu, after.elu).toFixed(2)),
    'machine CPU %': use.cpu.machine ?? 0,
    // Other work on the machine, and the kernel's share of loopback networking (not charged to a process).
    'rest CPU %': (use.cpu.machine ?? 0) - ours(use.cpu),
    load: loadAverage(),
  };
  const failures = [
    !visit ? 'the Chromium viewer did not play' : '',
    p90 > o.limitMs || Number.isNaN(p90) ? `p90 ${String(p90)} ms > ${String(o.limitMs)} ms` : '',
    starving > Math.floor(n / 100) ? `${String(starving)} of ${String(n)} viewers starving` : '',
    typical < o.keepUp ? `the median viewer got ${typical.toFixed(2)} s of video a second` : '',
  ].filter(Boolean);
  return { row, failures };
}

/** Runs one side's ramp; `cleanups` gets what must be stopped should the bench be interrupted. */
export async function benchCrowd(o: CrowdOptions, cleanups: Set<() => Promise<void>>): Promise<CrowdResult> {
  const api = await startVideoApi(o.side, builtWebApp());
  let viewers: Crowd | undefined;
  let browser: Browser | undefined;
  const cleanup = async () => {
    cleanups.delete(cleanup);
    await viewers?.close();
    await browser?.close();
    await api.stop();
  };
  cleanups.add(cleanup);
  const result: CrowdResult = { side: o.side, rows: [], held: -1, stopped: '' };
  let step = -1;
  try {
    viewers = crowdOf({ apiUrl: api.url, deviceId: 'PH-0001', kind: o.side === 'flv' ? 'flv' : 'hls' }, o.threads);
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    const roomUrl = liveRoomUrl(api.url, o.side);
    await visitLiveRoom(page, roomUrl); // warms the stream up (the camera, the HLS muxer)
    const groups = () => serverGroups(api.process.pid ?? 0, api.nginxPids);
    for (const n of o.steps) {
      step = n;
      await viewers.grow(n);
      const { row, failures } = await measureStep(n, { page, roomUrl, viewers, groups }, o);
      result.rows.push(row);
      console.log(`  ${o.side} ${JSON.stringify(row)}`);
      if (failures.length > 0) {
        result.stopped = `at ${String(n)}: ${failures.join(', ')}`;
        break;
      }
      result.held = n;
    }
  } catch (error) {
    result.stopped = `at ${String(step)}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  } finally {
    await cleanup();
  }
  return result;
}

/** One line per side: the last step that held, what it cost, and where the ramp stopped. */
export function summary(results: CrowdResult[]): string {
  const sides = [...new Set(results.map((r) => r.side))];
  return sides
    .map((side) => {
      const runs = results.filter((r) => r.side === side);
      const each = runs.map((r) => {
        const row = r.rows.find((x) => x.viewers === r.held);
        const v = (key: string) => String(row?.[key]);
        const cost = row ? ` (p90 ${v('p90 ms')} ms, server ${v('server CPU %')} % CPU, ${v('server RSS MB')} MB)` : '';
        const held = r.held < 0 ? 'no step' : String(r.held);
        return `${held}${cost}${r.stopped ? `, stopped ${r.stopped}` : ', every step held'}`;
      });
      return `${SIDE_NAME[side]}: held ${each.join('; ')}`;
    })
    .join(' | ');
}

/**
 * Usage: npm run bench:crowd -w bench [-- --steps 0,25,50,…,3200 --seconds 15 --settle 3 --sides flv,nginx
 * --rounds 1 --limit-ms 2000 --hls-limit-ms 3000 --keep-up 0.8 --threads 0] (after npm run build). The sides
 * alternate (their order flips each round); each side stops at its first step that fails. `--threads N` spreads
 * the synthetic viewers over N worker threads when this one's event loop is the limit (generator ELU near 1).
 */
if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const steps = (argText('steps') ?? '0,25,50,100,200,400,800,1600,3200').split(',').map(Number);
  const sides = (argText('sides') ?? 'flv,nginx').split(',') as CrowdSide[];
  const rounds = arg('rounds', 1);
  const options = {
    ...{ steps, seconds: arg('seconds', 15), settle: arg('settle', 3) },
    keepUp: arg('keep-up', 0.8),
    threads: arg('threads', 0),
  };
  const limits: Record<CrowdSide, number> = { flv: arg('limit-ms', 2000), nginx: arg('hls-limit-ms', 3000) };
  const cleanups = new Set<() => Promise<void>>();
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      void Promise.allSettled([...cleanups].map((c) => c())).then(() => process.exit(130));
    });
  console.log(
    `Crowd: viewers of one camera on loopback; the load generator, the Chromium probe, the API and nginx share ` +
      `this machine's ${String(os.availableParallelism())} cores. Load average before: ${loadAverage()}`,
  );
  const results: CrowdResult[] = [];
  for (let round = 1; round <= rounds; round++)
    for (const side of round % 2 ? sides : [...sides].reverse()) {
      console.log(`Round ${String(round)}, ${SIDE_NAME[side]} (p90 limit ${String(limits[side])} ms):`);
      const result = await benchCrowd({ ...options, side, limitMs: limits[side] }, cleanups);
      results.push(result);
      console.log(`${SIDE_NAME[side]}, round ${String(round)}:`);
      console.table(result.rows);
    }
  console.log(`Summary (loopback, load generator on the same machine): ${summary(results)}`);
  console.log(`Load average after: ${loadAverage()}`);
}
