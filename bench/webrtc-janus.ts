import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import os from 'node:os';
import { chromium } from '@playwright/test';
import { PlaybackSchema } from '@petheart/contracts';
import { resolveFfmpeg } from '@petheart/feeder';
import { sampleGlassToGlass } from './glass-to-glass';
import { PAYLOAD_TYPE, startJanus } from './janus';
import { argText, arg, sleep, startApi } from './lib';
import { spread } from './page-bench';
import { procStatus } from './proc-memory';
import { addViewer, PAGE, receiverStats } from './webrtc-viewers';

/**
 * Glass-to-glass over WebRTC through Janus (Debian's package), and each server's cost per viewer (decision 033): the
 * API with one simulated feeder as bench:video runs it; ffmpeg reads the camera's signed HTTP-FLV from the API and
 * re-packetises it to RTP without re-encoding (`-c copy -f rtp`, H.264 packetization-mode 1) into a Janus streaming
 * mountpoint; headless Chromium watches it through the Janus API over HTTP (one RTCPeerConnection per viewer, all in
 * one page) and the stamp burned into the first viewer's frame on screen is read back as glass-to-glass.ts does.
 * Viewers join in steps (`--viewers 1,10,30`); at each step the first viewer's latency is printed beside Janus's,
 * the relay's, the API's and Chromium's CPU (share of one core, from /proc) and Janus's resident memory. Then the
 * same steps as HTTP-FLV readers of the API, with the API's CPU. It runs in a network namespace of its own
 * (re-executing itself under `unshare --net`, see reexecInNamespace), so that nothing leaves 127.0.0.0/8.
 *
 * Usage: npm run bench:webrtc -w bench [-- --seconds 10 --viewers 1,10,30 --rounds 3 --decode-all --no-netns]
 */

const DEVICE = 'PH-0001';

/** In the namespace this bench makes: loopback addresses only (see reexecInNamespace). */
const inOwnNamespace = () =>
  Object.values(os.networkInterfaces()).every((addrs) =>
    (addrs ?? []).every((a) => a.family !== 'IPv4' || a.address.startsWith('127.')),
  ) && Object.keys(os.networkInterfaces()).includes('bench0');

function reexecInNamespace(): never {
  // Janus gathers no ICE candidate on a loopback interface: a veth pair gives it one, with a loopback-range
  // address (127.0.0.2), so nothing is ever sent to an address outside 127.0.0.0/8.
  const script = [
    'ip link set lo up',
    'sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1',
    'ip link add bench0 type veth peer name bench1',
    'ip addr add 127.0.0.2/32 dev bench0',
    'ip link set bench0 up',
    'ip link set bench1 up',
    'exec "$@"',
  ].join(' && ');
  const args = [...process.execArgv, ...process.argv.slice(1)];
  const result = spawnSync('unshare', ['--net', 'sh', '-c', script, 'sh', process.execPath, ...args], {
    stdio: 'inherit',
  });
  if (result.error) throw new Error(`unshare --net failed (run as root, or pass --no-netns): ${result.error.message}`);
  process.exit(result.status ?? 1);
}

function cpuSeconds(pid: number): number {
  try {
    const fields =
      readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
        .split(') ')[1]
        ?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of this process's descendants whose name matches (Chromium's processes, not other benches'). */
function descendantsCpuSeconds(name: RegExp): number {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, close));
      parents.set(Number(entry), Number(stat.slice(close + 2).split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  const isMine = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, comm] of names) if (name.test(comm) && isMine(pid)) total += cpuSeconds(pid);
  return total;
}

/** ffmpeg: the camera's FLV from the API → RTP to Janus, H.264 copied (Annex B with SPS/PPS before each IDR). */
function startRelay(flvUrl: string, rtpPort: number): ChildProcess {
  const args = [
    ['-hide_banner', '-nostdin', '-loglevel', 'error'],
    ['-fflags', 'nobuffer', '-flags', 'low_delay', '-probesize', '32768', '-i', flvUrl],
    ['-an', '-c:v', 'copy', '-bsf:v', 'h264_mp4toannexb'],
    ['-f', 'rtp', '-payload_type', String(PAYLOAD_TYPE), '-rtpflags', 'skip_rtcp'],
    [`rtp://127.0.0.1:${String(rtpPort)}?pkt_size=1200`],
  ].flat();
  return spawn(resolveFfmpeg(), args, { stdio: ['ignore', 'ignore', 'inherit'] });
}

async function playbackUrl(apiUrl: string): Promise<string | undefined> {
  const res = await fetch(`${apiUrl}/api/live/play`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ device_id: DEVICE }),
  });
  const play = PlaybackSchema.parse(((await res.json()) as { data: unknown }).data);
  return play.camera_online && play.flv_url ? new URL(play.flv_url, apiUrl).href : undefined;
}

/**
 * A viewer of the API's HTTP-FLV (its own signed address) that only counts the bytes it gets. node:http, not fetch:
 * an aborted fetch left its socket open here, and the API's shutdown then waited 15 s for it.
 */
async function flvReader(apiUrl: string): Promise<{ close(): void; bytes: number }> {
  const url = await playbackUrl(apiUrl);
  if (!url) throw new Error(`${DEVICE} went off air`);
  return new Promise((resolve, reject) => {
    const request = httpGet(url, (res) => {
      const reader = { bytes: 0, close: () => request.destroy() };
      res.on('data', (chunk: Buffer) => {
        reader.bytes += chunk.byteLength;
      });
      res.on('error', () => undefined);
      resolve(reader);
    });
    request.once('error', reject);
  });
}

const at = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export async function benchWebrtcJanus(options: { seconds: number; viewers: number[]; decodeAll: boolean }) {
  const api = await startApi({ SIM_FEEDERS: '1', MEDIA_RTMP_PORT: '0' });
  const janus = await startJanus();
  let relay: ChildProcess | undefined;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
      // Host candidates as addresses, not mDNS names (Janus does not resolve .local names).
      '--disable-features=WebRtcHideLocalIpsWithMdns',
    ],
  });
  try {
    // The camera on air: its signed FLV address from the API.
    let flvUrl: string | undefined;
    for (const deadline = Date.now() + 60_000; !flvUrl; await sleep(250)) {
      if (Date.now() > deadline) throw new Error(`${DEVICE} not on air within 60 s`);
      flvUrl = await playbackUrl(api.url);
    }
    relay = startRelay(flvUrl, janus.rtpPort);
    const janusPid = janus.process.pid ?? 0;
    const relayPid = relay.pid ?? 0;
    const page = await browser.newPage({ viewport: { width: 426, height: 240 } });
    await page.setContent(PAGE);
    await sleep(2000); // the relay's first keyframe reaches Janus (videobufferkf keeps it for new viewers)

    const apiPid = api.process.pid ?? 0;
    const cpu = () => ({
      janus: cpuSeconds(janusPid),
      relay: cpuSeconds(relayPid),
      api: cpuSeconds(apiPid),
      browser: descendantsCpuSeconds(/^chrom/),
    });
    const pct = (a: number, b: number, seconds: number) => Math.round(((b - a) / seconds) * 1000) / 10;
    const rssMb = (pid: number) => Math.round((procStatus(pid).VmRSS ?? 0) / 102.4) / 10;
    const rows: Record<string, number | string>[] = [];
    // Janus with the ingest only (no viewer), then each step of WebRTC viewers.
    for (const target of [0, ...options.viewers]) {
      const current = await page.evaluate(() => (window as unknown as { pcs?: unknown[] }).pcs?.length ?? 0);
      let firstFrameMs = NaN;
      for (let i = current; i < target; i++) {
        const started = Date.now();
        await addViewer(page, janus.url, i, options.decodeAll);
        if (i === 0) {
          await page.waitForFunction(() => (document.getElementById('v0') as HTMLVideoElement).videoWidth > 0, null, {
            timeout: 30_000,
            polling: 'raf',
          });
          firstFrameMs = Date.now() - started;
        }
      }
      await sleep(3000); // settle: ICE, DTLS, a keyframe for the newcomers
      const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? '';
      const before = { cpu: cpu(), stats: await receiverStats(page) };
      const t0 = performance.now();
      const sampled =
        target > 0
          ? await sampleGlassToGlass(page.locator('#v0'), options.seconds)
          : (await sleep(options.seconds * 1000), null);
      const elapsed = (performance.now() - t0) / 1000;
      const after = { cpu: cpu(), stats: await receiverStats(page) };
      const receiving = after.stats.packets.filter((n, i) => n > (before.stats.packets[i] ?? 0)).length;
      const l = sampled?.latencies ?? [];
      rows.push({
        path: 'webrtc',
        load,
        viewers: target,
        receiving,
        first_frame_ms: firstFrameMs,
        samples: l.length,
        unreadable: sampled?.unreadable ?? NaN,
        p50_ms: at(l, 50),
        p90_ms: at(l, 90),
        max_ms: l.at(-1) ?? NaN,
        fps: Math.round((after.stats.decoded - before.stats.decoded) / elapsed),
        jitter_buffer_ms: Math.round(after.stats.jitterMs),
        janus_cpu_pct: pct(before.cpu.janus, after.cpu.janus, elapsed),
        janus_rss_mb: rssMb(janusPid),
        relay_cpu_pct: pct(before.cpu.relay, after.cpu.relay, elapsed),
        api_cpu_pct: pct(before.cpu.api, after.cpu.api, elapsed),
        api_rss_mb: rssMb(apiPid),
        browser_cpu_pct: pct(before.cpu.browser, after.cpu.browser, elapsed),
      });
    }
    await page.evaluate(() => {
      for (const pc of (window as unknown as { pcs?: RTCPeerConnection[] }).pcs ?? []) pc.close();
    });
    // The same steps as HTTP-FLV readers of the API's own server (bytes counted, not decoded): its cost per viewer.
    const readers: { close(): void; bytes: number }[] = [];
    try {
      for (const target of options.viewers) {
        while (readers.length < target) readers.push(await flvReader(api.url));
        await sleep(3000);
        const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? '';
        const before = { cpu: cpu(), bytes: readers.map((r) => r.bytes) };
        const t0 = performance.now();
        await sleep(options.seconds * 1000);
        const elapsed = (performance.now() - t0) / 1000;
        const after = cpu();
        rows.push({
          path: 'http-flv (API)',
          load,
          viewers: target,
          receiving: readers.filter((r, i) => r.bytes > (before.bytes[i] ?? 0)).length,
          api_cpu_pct: pct(before.cpu.api, after.api, elapsed),
          api_rss_mb: rssMb(apiPid),
        });
      }
    } finally {
      for (const r of readers) r.close();
    }
    return rows;
  } finally {
    await browser.close();
    if (relay && relay.exitCode === null) {
      const exited = new Promise((r) => relay?.once('exit', r));
      relay.kill('SIGTERM');
      await exited;
    }
    await janus.stop();
    await api.stop();
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  if (!inOwnNamespace() && !process.argv.includes('--no-netns')) reexecInNamespace();
  const seconds = arg('seconds', 10);
  const rounds = arg('rounds', 1);
  const viewers = (argText('viewers') ?? '1,10,30').split(',').map(Number);
  console.log(
    'WebRTC glass-to-glass through Janus (camera stamp → frame shown in headless Chromium), cost per viewer:',
  );
  const all: Record<string, number | string>[] = [];
  for (let round = 1; round <= rounds; round++) {
    const rows = await benchWebrtcJanus({ seconds, viewers, decodeAll: process.argv.includes('--decode-all') });
    for (const row of rows) all.push({ round, ...row });
    console.table(rows);
  }
  if (rounds > 1) {
    const steps = [...new Set(all.map((r) => `${String(r.path)}|${String(r.viewers)}`))];
    const summary = steps.map((step) => {
      const rows = all.filter((r) => `${String(r.path)}|${String(r.viewers)}` === step);
      const of = (k: string) => rows.map((r) => (k in r ? Number(r[k]) : null));
      return {
        path: rows[0]?.path ?? '',
        viewers: rows[0]?.viewers ?? '',
        p50_ms: spread(of('p50_ms')),
        p90_ms: spread(of('p90_ms')),
        janus_cpu_pct: spread(of('janus_cpu_pct'), 1),
        janus_rss_mb: spread(of('janus_rss_mb'), 1),
        api_cpu_pct: spread(of('api_cpu_pct'), 1),
        api_rss_mb: spread(of('api_rss_mb'), 1),
        load: spread(of('load'), 2),
      };
    });
    console.log(`Medians (min–max) over ${String(rounds)} rounds:`);
    console.table(summary);
  }
}
