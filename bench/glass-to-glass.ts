import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { decodeStamp } from '@petheart/contracts';
import { freePort, startNginxMedia } from '../deploy/nginx/nginx-media.mjs';
import { root, startApi, type RunningApi } from './lib';

export type BenchPlayer = 'flv' | 'hls' | 'nginx';

/** The API with its camera, and the pids of the nginx masters (origin and edge) when scaled out. */
export type VideoApi = RunningApi & { nginxPids: number[] };

/**
 * The API with one simulated feeder: embedded (its camera publishes to the API, which serves FLV and HLS), or
 * scaled out (`nginx`: the camera publishes to an nginx-rtmp origin on loopback, the page plays the edge's HLS).
 */
export async function startVideoApi(player: BenchPlayer, webDist: string): Promise<VideoApi> {
  const env = { SIM_FEEDERS: '1', MEDIA_RTMP_PORT: '0', WEB_DIST: webDist };
  if (player !== 'nginx') return { ...(await startApi(env)), nginxPids: [] };
  const port = await freePort();
  const key = randomBytes(24).toString('base64url');
  const hookToken = randomBytes(16).toString('base64url');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'petheart-bench-nginx-'));
  const nginx = await startNginxMedia({ apiUrl: `http://127.0.0.1:${String(port)}`, key, hookToken, dir });
  const api = await startApi({
    ...env,
    PORT: String(port),
    MEDIA_SIGNING_KEY: key,
    MEDIA_HOOK_TOKEN: hookToken,
    MEDIA_INGEST_URL: nginx.ingestUrl,
    MEDIA_PLAYBACK_URL: nginx.playbackUrls[0] ?? '',
    MEDIA_ORIGIN_URL: nginx.originUrl,
  }).catch(async (error: unknown) => {
    await nginx.stop();
    throw error;
  });
  return {
    ...api,
    nginxPids: nginx.pids,
    async stop() {
      await api.stop();
      await nginx.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The built web app (apps/web/dist), which the API serves to the bench's browser. */
export function builtWebApp(): string {
  const webDist = path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('build the web app first: npm run build');
  return webDist;
}

/** Headless Chromium as the benches run it: no GPU, video autoplays. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
}

/** The live room of the bench's camera, on the player the bench measures. */
export const liveRoomUrl = (apiUrl: string, player: BenchPlayer) =>
  `${apiUrl}/pages/live/live?device_id=PH-0001${player === 'hls' ? '&player=hls' : ''}`;

/**
 * Opens the live room: ms from the navigation's start (the document, the app, the room, the address, the player,
 * the stream) to the first frame presented, and until the video's time passes 2 s (FLV: 2 s played; hls.js
 * starts its time at the stream's own position, so for HLS this says little).
 */
export async function visitLiveRoom(page: Page, url: string): Promise<{ firstFrame: number; to2sPlayed: number }> {
  const started = Date.now();
  await page.goto(url);
  // The first frame presented (requestVideoFrameCallback): hls.js sets the time to the live position before.
  await page.waitForFunction(
    () => {
      const v = document.querySelector<HTMLVideoElement & { benchFrame?: boolean }>('[data-testid="live-video"]');
      if (!v) return false;
      if (v.benchFrame === undefined) {
        v.benchFrame = false;
        v.requestVideoFrameCallback(() => {
          v.benchFrame = true;
        });
      }
      return v.benchFrame;
    },
    undefined,
    { timeout: 60_000, polling: 'raf' },
  );
  const firstFrame = Date.now() - started;
  await page.waitForFunction(
    () => (document.querySelector<HTMLVideoElement>('[data-testid="live-video"]')?.currentTime ?? 0) > 2,
    undefined,
    { timeout: 60_000, polling: 100 },
  );
  return { firstFrame, to2sPlayed: Date.now() - started };
}

/**
 * The latency of the frame on screen every 100 ms for `seconds`: its stamp decoded from a canvas copy, against
 * the browser's clock when it was shown (sorted, ms), and how many frames had no readable stamp. `video`: the
 * live page's player, or any video element showing the camera (the WebRTC bench's).
 */
export async function sampleGlassToGlass(
  video: Locator,
  seconds: number,
): Promise<{ latencies: number[]; unreadable: number }> {
  const latencies: number[] = [];
  let unreadable = 0;
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const frame = await video.evaluate((element) => {
      const v = element as HTMLVideoElement;
      if (!v.videoWidth) return null; // no picture (yet, or while the player starts over)
      const canvas = document.createElement('canvas');
      canvas.width = v.videoWidth;
      canvas.height = v.videoHeight;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return null;
      context.drawImage(v, 0, 0);
      const shownAt = Date.now();
      // Only the strip holding the stamp (rows 90–97 %, the left 62 %, with a margin), as base64: little to carry.
      const top = Math.floor(canvas.height * 0.88);
      const strip = { width: Math.ceil(canvas.width * 0.65), height: Math.ceil(canvas.height * 0.99) - top };
      const { data } = context.getImageData(0, top, strip.width, strip.height);
      let bytes = '';
      for (let i = 0; i < data.length; i += 0x8000) bytes += String.fromCharCode(...data.subarray(i, i + 0x8000));
      return { shownAt, width: canvas.width, height: canvas.height, top, strip, rgba: btoa(bytes) };
    });
    let stamp: number | null = null;
    if (frame) {
      const pixels = new Uint8ClampedArray(frame.width * frame.height * 4);
      const rgba = Buffer.from(frame.rgba, 'base64');
      const row = frame.strip.width * 4;
      for (let y = 0; y < frame.strip.height; y++)
        pixels.set(rgba.subarray(y * row, (y + 1) * row), (frame.top + y) * frame.width * 4);
      stamp = decodeStamp(pixels, frame.width, frame.height);
    }
    if (frame && stamp !== null) latencies.push(frame.shownAt - stamp);
    else unreadable++;
    await video.page().waitForTimeout(100);
  }
  return { latencies: latencies.sort((a, b) => a - b), unreadable };
}

/** The p-th percentile of sorted values (NaN when there are none). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/**
 * Glass-to-glass video latency: a simulated feeder's camera burns the wall-clock time (ms) into every frame;
 * headless Chromium plays the live room through the product's own page and player (mpegts.js, HTTP-FLV via
 * the API); the frame on screen is copied to a canvas and its stamp read back. Latency = the browser's clock
 * when the frame is shown − the time stamped in it (same machine, same clock). Build the web app first.
 */
export async function benchGlassToGlass(options: {
  seconds: number;
  /**
   * 'hls': the room's HLS through hls.js (the page's ?player=hls); 'nginx': scaled out, HLS from an nginx edge
   * through hls.js; default the low-latency FLV.
   */
  player?: BenchPlayer;
}): Promise<Record<string, number | string>> {
  const player = options.player ?? 'flv';
  const api = await startVideoApi(player, builtWebApp());
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    // The first visit warms the stream up (the camera and the HLS muxer starting with the API); the second counts.
    await visitLiveRoom(page, liveRoomUrl(api.url, player));
    const { firstFrame, to2sPlayed } = await visitLiveRoom(page, liveRoomUrl(api.url, player));
    const { latencies, unreadable } = await sampleGlassToGlass(page.getByTestId('live-video'), options.seconds);
    return {
      player,
      first_frame_ms: firstFrame,
      to_2s_played_ms: to2sPlayed,
      samples: latencies.length,
      unreadable,
      p50_ms: percentile(latencies, 50),
      p90_ms: percentile(latencies, 90),
      max_ms: latencies.at(-1) ?? NaN,
      min_ms: latencies[0] ?? NaN,
      target: player === 'flv' ? 'p50 <= 800 ms' : 'p50 <= 3000 ms',
    };
  } finally {
    await browser.close();
    await api.stop();
  }
}

/**
 * Usage: npm run bench:video -w bench [-- --seconds 15 --players flv,hls,nginx --rounds 1]: the players alternate within
 * each round (one API per run), and the load average is printed with each row.
 */
if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const seconds = Number(arg('--seconds') ?? 15);
  const rounds = Number(arg('--rounds') ?? 1);
  const players = (arg('--players') ?? 'flv').split(',') as BenchPlayer[];
  console.log('Glass-to-glass video latency (camera stamp → frame shown in headless Chromium):');
  const rows: Record<string, number | string>[] = [];
  for (let round = 1; round <= rounds; round++)
    for (const player of players) {
      const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? '';
      rows.push({ round, load, ...(await benchGlassToGlass({ seconds, player })) });
    }
  console.table(rows);
}
