import { expect, type Locator, type Page } from '@playwright/test';
import { STAMP_REFERENCE_SIZE, decodeStamp } from '@petheart/contracts';

/**
 * What the live video shows, read from its frames in the browser: the simulated camera
 * (apps/feeder/src/hardware/camera/scene.ts) burns the wall-clock time into each frame as a machine-readable
 * stamp (packages/contracts/src/video-stamp.ts), and draws pellets falling from the feeder's spout (x 328, y 97
 * in its 426×240 frame) into the bowl (rim at y 180) after a dispense.
 */

/**
 * Where pellets fall, in the reference frame: below the spout, above the cats' heads, beside the bowl's column
 * only (x 328 ± 3 px spread ± 10 px/s drift over ~0.75 s). Here the scene is a plain wall (luma ~173, its brick
 * lines ~147); a pellet is food brown (luma ~106) or darker.
 */
const FALL_REGION = { x0: 317, x1: 340, y0: 102, y1: 150 } as const;
const PELLET_LUMA = 132;
/** Pixels that must be pellet-dark in one frame to count food falling (a 3×3 pellet covers ~9). */
const PELLET_PIXELS = 4;

/** A frame's stamp rows (the bottom of the frame, RGBA, base64): enough for decodeStamp. */
interface StampRows {
  width: number;
  height: number;
  top: number;
  rgba: string;
}

interface FallWatch {
  frames: number;
  /** Frames seen with food falling. */
  falls: number;
  /** The first of them (up to 3): when shown, and their stamp rows. */
  first: (StampRows & { shownAt: number })[];
}

/**
 * Watches every new frame of the live video (whatever player draws it): counts the pellet-dark pixels in the
 * fall region, and keeps the stamp rows of the first frames with food falling.
 */
export async function watchFalls(page: Page): Promise<void> {
  await page.evaluate(
    ({ region, luma, minPixels, reference }) => {
      const w = window as unknown as { fallWatch?: FallWatch; fallWatchStop?: () => void };
      w.fallWatchStop?.();
      const watch: FallWatch = { frames: 0, falls: 0, first: [] };
      w.fallWatch = watch;
      const canvas = document.createElement('canvas');
      const context = canvas.getContext('2d', { willReadFrequently: true });
      let last = -1;
      let stopped = false;
      w.fallWatchStop = () => {
        stopped = true;
      };
      const look = () => {
        if (stopped) return;
        requestAnimationFrame(look);
        const video = document.querySelector<HTMLVideoElement>('[data-testid="live-video"]');
        if (!video || !context || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
        if (video.videoWidth === 0 || video.currentTime === last) return;
        last = video.currentTime;
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        context.drawImage(video, 0, 0);
        watch.frames += 1;
        const sx = canvas.width / reference.width;
        const sy = canvas.height / reference.height;
        const x0 = Math.floor(region.x0 * sx);
        const y0 = Math.floor(region.y0 * sy);
        const width = Math.ceil((region.x1 - region.x0) * sx);
        const area = context.getImageData(x0, y0, width, Math.ceil((region.y1 - region.y0) * sy));
        let pixels = 0;
        for (let i = 0; i < area.data.length; i += 4) {
          const y = 0.299 * (area.data[i] ?? 0) + 0.587 * (area.data[i + 1] ?? 0) + 0.114 * (area.data[i + 2] ?? 0);
          if (y < luma) pixels += 1;
        }
        // A frame not drawn yet is all dark: no food, no picture.
        if (pixels < minPixels || pixels > area.data.length / 4 / 3) return;
        watch.falls += 1;
        if (watch.first.length >= 3) return;
        const top = Math.floor(canvas.height * 0.88);
        const { data } = context.getImageData(0, top, canvas.width, canvas.height - top);
        let binary = '';
        for (let i = 0; i < data.length; i += 0x8000)
          binary += String.fromCharCode(...data.subarray(i, Math.min(data.length, i + 0x8000)));
        watch.first.push({ shownAt: Date.now(), width: canvas.width, height: canvas.height, top, rgba: btoa(binary) });
      };
      look();
    },
    { region: FALL_REGION, luma: PELLET_LUMA, minPixels: PELLET_PIXELS, reference: STAMP_REFERENCE_SIZE },
  );
}

export const fallWatch = (page: Page) => page.evaluate(() => (window as unknown as { fallWatch: FallWatch }).fallWatch);

/** The camera's wall-clock time (ms) in a frame's stamp rows; null when unreadable. */
export function stampOf(frame: StampRows): number | null {
  const pixels = new Uint8ClampedArray(frame.width * frame.height * 4);
  pixels.set(Buffer.from(frame.rgba, 'base64'), frame.top * frame.width * 4);
  return decodeStamp(pixels, frame.width, frame.height);
}

/** Waits until frames with food falling have been seen; returns the camera time of the first readable one. */
export async function seesFoodFall(page: Page, message: string): Promise<number> {
  const seen: { stamp: number | null } = { stamp: null };
  await expect
    .poll(
      async () => {
        const watch = await fallWatch(page);
        seen.stamp = watch.first.map(stampOf).find((s) => s !== null) ?? null;
        return watch.falls >= 2 && seen.stamp !== null;
      },
      { timeout: 25_000, message },
    )
    .toBe(true);
  return seen.stamp ?? 0;
}

/** How far behind the browser's clock the frame on screen was taken, ms (same machine, same clock). */
export async function frameAge(video: Locator): Promise<number | null> {
  const frame = await video.evaluate((element) => {
    const v = element as HTMLVideoElement;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context || canvas.width === 0) return null;
    context.drawImage(v, 0, 0);
    const top = Math.floor(canvas.height * 0.88);
    const { data } = context.getImageData(0, top, canvas.width, canvas.height - top);
    let binary = '';
    for (let i = 0; i < data.length; i += 0x8000)
      binary += String.fromCharCode(...data.subarray(i, Math.min(data.length, i + 0x8000)));
    return { shownAt: Date.now(), width: canvas.width, height: canvas.height, top, rgba: btoa(binary) };
  });
  const stamp = frame ? stampOf(frame) : null;
  return frame && stamp !== null ? frame.shownAt - stamp : null;
}

/** Polls until the picture on screen is between `min` and `max` ms old. */
export async function frameAgeIsBetween(video: Locator, min: number, max: number, message: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const age = await frameAge(video);
        return age !== null && age >= min && age <= max ? 'yes' : `age ${String(age)} ms`;
      },
      { timeout: 20_000, message },
    )
    .toBe('yes');
}

/** From now on, notes whether the page ever says "Reconnecting…" (read back with `saidReconnecting`). */
export async function watchReconnecting(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { saidReconnecting: boolean };
    w.saidReconnecting = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="reconnecting"]')) w.saidReconnecting = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
}

export const saidReconnecting = (page: Page) =>
  page.evaluate(() => (window as unknown as { saidReconnecting: boolean }).saidReconnecting);

/** Resolves once the video's time has advanced by more than `seconds`. */
export async function plays(video: Locator, seconds = 1): Promise<void> {
  const at = await video.evaluate((v) => (v as HTMLVideoElement).currentTime);
  await expect
    .poll(() => video.evaluate((v) => (v as HTMLVideoElement).currentTime), { timeout: 20_000 })
    .toBeGreaterThan(at + seconds);
}
