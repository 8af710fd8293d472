import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { decodeStamp } from '@petheart/contracts';
import { root, startApi } from './lib';

/**
 * Glass-to-glass video latency: a simulated feeder's camera burns the wall-clock time (ms) into every frame;
 * headless Chromium plays the live room through the product's own page and player (mpegts.js, HTTP-FLV via
 * the API); the frame on screen is copied to a canvas and its stamp read back. Latency = the browser's clock
 * when the frame is shown − the time stamped in it (same machine, same clock). Build the web app first.
 */
export async function benchGlassToGlass(options: {
  seconds: number;
  /** 'hls': the room's HLS through hls.js (the page's ?player=hls); default the low-latency FLV. */
  player?: 'flv' | 'hls';
}): Promise<Record<string, number | string>> {
  const player = options.player ?? 'flv';
  const webDist = path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('build the web app first: npm run build');
  const api = await startApi({ SIM_FEEDERS: '1', MEDIA_RTMP_PORT: '0', WEB_DIST: webDist });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    const url = `${api.url}/pages/live/live?device_id=PH-0001${player === 'hls' ? '&player=hls' : ''}`;
    const video = page.getByTestId('live-video');
    const playedMoreThan = (seconds: number) =>
      page.waitForFunction(
        (s) => (document.querySelector<HTMLVideoElement>('[data-testid="live-video"]')?.currentTime ?? 0) > s,
        seconds,
        { timeout: 60_000, polling: 100 },
      );
    // From the navigation's start (the document, the app, the room, the address, the player, the stream) to
    // the first frame presented, and until the video's time passes 2 s (FLV: 2 s played; hls.js starts its time
    // at the stream's own position, so for HLS this says little).
    // The first visit warms the stream up (the camera and the HLS muxer starting with the API); the second counts.
    let firstFrame = 0;
    let firstFrames = 0;
    for (let visit = 0; visit < 2; visit++) {
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
      firstFrame = Date.now() - started;
      await playedMoreThan(2);
      firstFrames = Date.now() - started;
    }
    const latencies: number[] = [];
    let unreadable = 0;
    const deadline = Date.now() + options.seconds * 1000;
    while (Date.now() < deadline) {
      const frame = await video.evaluate((element) => {
        const v = element as HTMLVideoElement;
        const canvas = document.createElement('canvas');
        canvas.width = v.videoWidth;
        canvas.height = v.videoHeight;
        const context = canvas.getContext('2d', { willReadFrequently: true });
        if (!context) return null;
        context.drawImage(v, 0, 0);
        const shownAt = Date.now();
        // Only the bottom rows, where the stamp is (the rest of the frame stays black): less to carry out.
        const top = Math.floor(canvas.height * 0.85);
        const { data } = context.getImageData(0, top, canvas.width, canvas.height - top);
        return { shownAt, width: canvas.width, height: canvas.height, top, rgba: Array.from(data) };
      });
      let stamp: number | null = null;
      if (frame) {
        const pixels = new Uint8ClampedArray(frame.width * frame.height * 4);
        pixels.set(frame.rgba, frame.top * frame.width * 4);
        stamp = decodeStamp(pixels, frame.width, frame.height);
      }
      if (frame && stamp !== null) latencies.push(frame.shownAt - stamp);
      else unreadable++;
      await page.waitForTimeout(100);
    }
    latencies.sort((a, b) => a - b);
    const at = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
    return {
      player,
      first_frame_ms: firstFrame,
      to_2s_played_ms: firstFrames,
      samples: latencies.length,
      unreadable,
      p50_ms: at(50),
      p90_ms: at(90),
      max_ms: latencies.at(-1) ?? NaN,
      min_ms: latencies[0] ?? NaN,
      target: player === 'hls' ? 'p50 <= 3000 ms' : 'p50 <= 800 ms',
    };
  } finally {
    await browser.close();
    await api.stop();
  }
}

/**
 * Usage: npm run bench:video -w bench [-- --seconds 15 --players flv,hls --rounds 1]: the players alternate within
 * each round (one API per run), and the load average is printed with each row.
 */
if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const seconds = Number(arg('--seconds') ?? 15);
  const rounds = Number(arg('--rounds') ?? 1);
  const players = (arg('--players') ?? 'flv').split(',') as ('flv' | 'hls')[];
  console.log('Glass-to-glass video latency (camera stamp → frame shown in headless Chromium):');
  const rows: Record<string, number | string>[] = [];
  for (let round = 1; round <= rounds; round++)
    for (const player of players) {
      const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? '';
      rows.push({ round, load, ...(await benchGlassToGlass({ seconds, player })) });
    }
  console.table(rows);
}
