import { existsSync } from 'node:fs';
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
export async function benchGlassToGlass(options: { seconds: number }): Promise<Record<string, number | string>> {
  const webDist = path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('build the web app first: npm run build');
  const api = await startApi({ SIM_FEEDERS: '1', MEDIA_RTMP_PORT: '0', WEB_DIST: webDist });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await page.goto(`${api.url}/pages/live/live?device_id=PH-0001`);
    const video = page.getByTestId('live-video');
    await video.waitFor();
    // Wait until the stream has played a couple of seconds (the player has caught up with the live edge).
    await page.waitForFunction(
      () => (document.querySelector<HTMLVideoElement>('[data-testid="live-video"]')?.currentTime ?? 0) > 2,
      undefined,
      { timeout: 60_000 },
    );
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
      samples: latencies.length,
      unreadable,
      p50_ms: at(50),
      p90_ms: at(90),
      max_ms: latencies.at(-1) ?? NaN,
      min_ms: latencies[0] ?? NaN,
      target: '<= 2000 ms',
    };
  } finally {
    await browser.close();
    await api.stop();
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const i = process.argv.indexOf('--seconds');
  const seconds = i > 0 ? Number(process.argv[i + 1]) : 15;
  console.log('Glass-to-glass video latency (camera stamp → frame shown in headless Chromium):');
  console.table([await benchGlassToGlass({ seconds })]);
}
