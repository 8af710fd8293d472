import { describe, expect, it } from 'vitest';
import { decodeStamp } from '@petheart/contracts';
import { FeedingScene, SCENE_HEIGHT, SCENE_WIDTH, formatClock } from './scene';

const T0 = new Date(2026, 0, 1, 12, 0, 0, 0).getTime();
const FRAME_MS = 1000 / 15;

/** Renders frames every 1/15 s from `from` (exclusive) up to `to`; returns the last frame (a copy). */
function play(scene: FeedingScene, from: number, to: number): Uint8Array {
  let frame = scene.render(from);
  for (let t = from + FRAME_MS; t <= to; t += FRAME_MS) frame = scene.render(t);
  return frame.slice();
}

/** Pixels in a rectangle whose colour is close to the food's brown. */
function foodPixels(frame: Uint8Array, x0: number, y0: number, x1: number, y1: number): number {
  let count = 0;
  for (let y = y0; y < y1; y += 1)
    for (let x = x0; x < x1; x += 1) {
      const p = (y * SCENE_WIDTH + x) * 3;
      const [r = 0, g = 0, b = 0] = [frame[p], frame[p + 1], frame[p + 2]];
      if (Math.abs(r - 150) < 12 && Math.abs(g - 95) < 12 && Math.abs(b - 45) < 12) count += 1;
    }
  return count;
}

const differs = (a: Uint8Array, b: Uint8Array, x0: number, y0: number, x1: number, y1: number): boolean => {
  for (let y = y0; y < y1; y += 1)
    for (let x = x0 * 3; x < x1 * 3; x += 1) if (a[y * SCENE_WIDTH * 3 + x] !== b[y * SCENE_WIDTH * 3 + x]) return true;
  return false;
};

describe('FeedingScene', () => {
  it('draws RGB24 frames with the device id, a clock that ticks and a stamp that decodes to the frame time', () => {
    const scene = new FeedingScene({ deviceId: 'ph-0001', seed: 1 });
    const first = scene.render(T0).slice();
    expect(first).toHaveLength(SCENE_WIDTH * SCENE_HEIGHT * 3);
    expect(decodeStamp(first, SCENE_WIDTH, SCENE_HEIGHT, 3)).toBe(T0);
    const later = scene.render(T0 + 1234).slice();
    expect(decodeStamp(later, SCENE_WIDTH, SCENE_HEIGHT, 3)).toBe(T0 + 1234);
    // The clock (top right) changed; the device id (top left) did not.
    expect(differs(first, later, 270, 2, 426, 20)).toBe(true);
    expect(differs(first, later, 0, 2, 100, 20)).toBe(false);
    expect(formatClock(T0 + 1234)).toBe('12:00:01.234');
    expect(formatClock(T0 + 3_723_004)).toBe('13:02:03.004');
  });

  it('shows dispensed food falling from the spout into the bowl, then the cats eat it up', () => {
    const scene = new FeedingScene({ deviceId: 'PH-0001', seed: 2 });
    const empty = play(scene, T0, T0 + 1000);
    expect(foodPixels(empty, 290, 150, 370, 200)).toBe(0);
    scene.dropFood(20);

    const falling = play(scene, T0 + 1000, T0 + 1400);
    expect(scene.snapshot().pelletsFalling).toBeGreaterThan(0);
    expect(scene.snapshot().bowlGrams).toBe(0);
    expect(foodPixels(falling, 310, 97, 350, 170)).toBeGreaterThan(5); // pellets in the air under the spout

    const landed = play(scene, T0 + 1400, T0 + 2600);
    expect(scene.snapshot()).toMatchObject({ pelletsFalling: 0 });
    expect(scene.snapshot().bowlGrams).toBeCloseTo(20, 0);
    expect(foodPixels(landed, 310, 97, 350, 165)).toBe(0);
    expect(foodPixels(landed, 300, 160, 360, 185)).toBeGreaterThan(100); // a heap in the bowl

    play(scene, T0 + 2600, T0 + 8000);
    const eating = scene.snapshot();
    expect(eating.cats.filter((c) => c.activity === 'eating').length).toBeGreaterThan(0);
    expect(eating.bowlGrams).toBeLessThan(20);

    const eaten = play(scene, T0 + 8000, T0 + 25_000);
    expect(scene.snapshot().bowlGrams).toBe(0);
    expect(foodPixels(eaten, 300, 160, 360, 185)).toBe(0);
    play(scene, T0 + 25_000, T0 + 40_000);
    expect(scene.snapshot().cats.every((c) => c.activity !== 'eating' && c.activity !== 'to-bowl')).toBe(true);
  });

  it('catches up after a long gap and ignores nonsense amounts', () => {
    const scene = new FeedingScene({ deviceId: 'PH-0001', seed: 3 });
    scene.render(T0);
    scene.dropFood(-5);
    scene.dropFood(Number.NaN);
    expect(scene.snapshot().pelletsFalling).toBe(0);
    scene.dropFood(10);
    scene.render(T0 + 10);
    scene.render(T0 + 60_000);
    expect(scene.snapshot()).toMatchObject({ pelletsFalling: 0, bowlGrams: 0 });
  });

  it('renders a frame in well under 5 ms', () => {
    const scene = new FeedingScene({ deviceId: 'PH-0001', seed: 4 });
    scene.dropFood(30);
    play(scene, T0, T0 + 1000); // warm up
    const started = performance.now();
    const frames = 300;
    for (let i = 0; i < frames; i += 1) scene.render(T0 + 1000 + i * FRAME_MS);
    const perFrame = (performance.now() - started) / frames;
    expect(perFrame).toBeLessThan(2);
  });
});
