import { drawStamp } from '@petheart/contracts';
import type { Rng } from '../sim/random';
import { seededRng } from '../sim/random';
import type { Cat, CatActivity } from './cats';
import { createCats, updateCats } from './cats';
import type { FrameSource } from './frame-source';
import { drawText, textWidth } from './font';
import type { Rgb, Sprite } from './raster';
import { Raster } from './raster';
import type { CatSprites } from './sprites';
import { CAT_COLOURS, CAT_SIZE, bowlFrontSprite, catSprites } from './sprites';

export const SCENE_WIDTH = 426;
export const SCENE_HEIGHT = 240;
export const SCENE_FPS = 15;

const WALL_BOTTOM = 150;
const HUD_TOP = 208;
const BOWL = { x: 298, y: 176, centre: 328, rim: 180, z: 195 } as const;
/** Where the cats eat: left of the bowl facing right, right of it facing left. */
const SLOTS = [
  { x: 274, feet: 190, facingLeft: false },
  { x: 344, feet: 190, facingLeft: true },
] as const;
const SPOUT = { x: 328, y: 97 } as const;
/** Pellets fall under this acceleration, px/s² (~0.75 s from the spout into the bowl). */
const GRAVITY = 300;
/** Bowl grams drawn as a full bowl. */
const FULL_BOWL = 30;
const FOOD: Rgb = [150, 95, 45];
const FOOD_DARK: Rgb = [96, 58, 26];

interface Pellet {
  x: number;
  vx: number;
  y: number;
  vy: number;
  /** Seconds until it leaves the spout. */
  delay: number;
  grams: number;
}

export interface SceneOptions {
  deviceId: string;
  /** Seed of the cats' and pellets' randomness (default: random). */
  seed?: number;
}

export interface SceneSnapshot {
  bowlGrams: number;
  pelletsFalling: number;
  cats: { activity: CatActivity; x: number }[];
}

/** Hours:minutes:seconds.milliseconds of the local time. */
export function formatClock(now: number): string {
  const d = new Date(now);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

function paintBackground(raster: Raster): void {
  // Wall with brick courses, then the ground with a few fixed speckles.
  raster.fillRect(0, 0, SCENE_WIDTH, WALL_BOTTOM, [196, 168, 136]);
  for (let row = 0; row * 12 < WALL_BOTTOM; row += 1) {
    raster.fillRect(0, row * 12 + 11, SCENE_WIDTH, 1, [170, 142, 112]);
    for (let x = (row % 2) * 14; x < SCENE_WIDTH; x += 28) raster.fillRect(x, row * 12, 1, 11, [170, 142, 112]);
  }
  raster.fillRect(0, WALL_BOTTOM, SCENE_WIDTH, 4, [120, 110, 100]);
  raster.fillRect(0, WALL_BOTTOM + 4, SCENE_WIDTH, HUD_TOP - WALL_BOTTOM - 4, [112, 146, 86]);
  const speckles = seededRng(99);
  for (let i = 0; i < 260; i += 1) {
    const x = Math.floor(speckles() * SCENE_WIDTH);
    const y = WALL_BOTTOM + 6 + Math.floor(speckles() * (HUD_TOP - WALL_BOTTOM - 8));
    raster.fillRect(x, y, 2, 1, speckles() < 0.5 ? [96, 128, 72] : [132, 164, 100]);
  }
  // The feeder: a steel hopper on the wall, a funnel and the spout above the bowl.
  raster.fillRect(298, 20, 60, 56, [70, 76, 84]);
  raster.fillRect(300, 22, 56, 52, [156, 164, 174]);
  raster.fillRect(306, 30, 44, 18, [120, 128, 138]);
  drawText(raster, 'FOOD', 317, 36, 1, [236, 240, 244]);
  raster.fillTriangle(
    [
      [300, 74],
      [356, 74],
      [328, 90],
    ],
    [140, 148, 158],
  );
  raster.fillRect(323, 84, 11, SPOUT.y - 84, [110, 116, 126]);
  // Shadow and the inside of the bowl (the food and the bowl's front are drawn over it every frame).
  raster.fillEllipse(BOWL.centre, BOWL.z + 1, 30, 4, [88, 118, 68]);
  raster.fillEllipse(BOWL.centre, BOWL.rim, 26, 4, [110, 32, 30]);
  // The HUD bar that holds the machine-readable stamp.
  raster.fillRect(0, HUD_TOP, SCENE_WIDTH, SCENE_HEIGHT - HUD_TOP, [24, 24, 28]);
}

/**
 * The simulated camera's picture: a feeder on a wall above a bowl, cats that come and eat, pellets that fall
 * when `dropFood` is called, the device id, a human-readable clock and the machine-readable stamp
 * (packages/contracts/src/video-stamp.ts). Renders RGB24 frames; the static layers are painted once.
 */
export class FeedingScene implements FrameSource {
  readonly width = SCENE_WIDTH;
  readonly height = SCENE_HEIGHT;
  readonly fps = SCENE_FPS;
  readonly pixelFormat = 'rgb24';
  readonly #deviceId: string;
  readonly #rng: Rng;
  readonly #background: Uint8Array;
  readonly #frame: Raster;
  readonly #cats: Cat[];
  readonly #sprites: CatSprites[];
  readonly #bowlFront: Sprite;
  readonly #speckles: readonly (readonly [number, number])[];
  #pellets: Pellet[] = [];
  #pending: number[] = [];
  #bowl = 0;
  #last: number | undefined;

  constructor(options: SceneOptions) {
    this.#deviceId = options.deviceId.toUpperCase();
    this.#rng = seededRng(options.seed ?? Math.floor(Math.random() * 2 ** 32));
    const background = new Raster(SCENE_WIDTH, SCENE_HEIGHT);
    paintBackground(background);
    this.#background = background.data;
    this.#frame = new Raster(SCENE_WIDTH, SCENE_HEIGHT);
    this.#sprites = CAT_COLOURS.map(catSprites);
    this.#bowlFront = bowlFrontSprite();
    this.#cats = createCats(
      [
        { x: 40, feet: 204 },
        { x: 150, feet: 198 },
        { x: 380, feet: 204 },
      ],
      this.#rng,
    );
    this.#speckles = Array.from({ length: 24 }, () => [this.#rng() * 2 - 1, this.#rng()] as const);
  }

  /** Food starts falling from the spout at the next frame (about a second until it is all in the bowl). */
  dropFood(grams: number): void {
    if (Number.isFinite(grams) && grams > 0) this.#pending.push(grams);
  }

  snapshot(): SceneSnapshot {
    return {
      bowlGrams: this.#bowl,
      pelletsFalling: this.#pellets.length + this.#pending.length,
      cats: this.#cats.map((c) => ({ activity: c.activity, x: c.x })),
    };
  }

  /**
   * Advances the scene to `now` (wall-clock ms) and draws it. Returns the scene's own frame buffer, which the
   * next call overwrites: write it out before rendering again.
   */
  render(now: number): Uint8Array {
    const dt = this.#last === undefined ? 0 : Math.min(60, Math.max(0, (now - this.#last) / 1000));
    this.#last = now;
    for (const grams of this.#pending.splice(0)) this.#spawn(grams);
    for (let left = dt; left > 0; left -= 0.1) this.#advance(Math.min(0.1, left));
    this.#draw(now);
    return this.#frame.data;
  }

  #spawn(grams: number): void {
    const count = Math.max(4, Math.min(40, Math.round(grams / 1.5)));
    const spread = Math.min(0.5, count * 0.03);
    for (let i = 0; i < count; i += 1)
      this.#pellets.push({
        x: SPOUT.x + (this.#rng() * 2 - 1) * 3,
        vx: (this.#rng() * 2 - 1) * 10,
        y: SPOUT.y,
        vy: 0,
        delay: (i / count) * spread,
        grams: grams / count,
      });
  }

  #advance(dt: number): void {
    const surface = BOWL.rim - this.#moundHeight();
    this.#pellets = this.#pellets.filter((p) => {
      if (p.delay > 0) {
        p.delay -= dt;
        return true;
      }
      p.vy += GRAVITY * dt;
      p.y += p.vy * dt;
      p.x += p.vx * dt;
      if (p.y < surface) return true;
      this.#bowl += p.grams;
      return false;
    });
    this.#bowl = updateCats(this.#cats, SLOTS, this.#bowl, dt, this.#rng);
  }

  #moundHeight(): number {
    return this.#bowl < 0.05 ? 0 : 3 + 11 * Math.min(1, this.#bowl / FULL_BOWL);
  }

  #draw(now: number): void {
    const frame = this.#frame;
    frame.data.set(this.#background);
    const mound = this.#moundHeight();
    if (mound > 0) {
      frame.fillEllipse(BOWL.centre, BOWL.rim + 2, 23, mound + 2, FOOD, 'top');
      for (const [dx, dy] of this.#speckles)
        frame.fillRect(BOWL.centre + dx * 18, BOWL.rim + 1 - dy * mound, 2, 1, FOOD_DARK);
    }
    const cats = [...this.#cats].sort((a, b) => a.feet - b.feet);
    for (const cat of cats) if (cat.feet < BOWL.z) this.#drawCat(cat);
    frame.blit(this.#bowlFront, BOWL.x, BOWL.y);
    for (const cat of cats) if (cat.feet >= BOWL.z) this.#drawCat(cat);
    for (const p of this.#pellets) {
      if (p.delay > 0) continue;
      frame.fillRect(p.x - 1, p.y - 1, 3, 3, FOOD);
      frame.setPixel(Math.round(p.x), Math.round(p.y), FOOD_DARK);
    }
    const dispensing = this.#pellets.length > 0;
    frame.fillRect(344, 60, 6, 6, dispensing ? [60, 230, 80] : [90, 40, 40]);
    this.#drawHud(now);
  }

  #drawCat(cat: Cat): void {
    const sprites = this.#sprites[cat.look % this.#sprites.length];
    if (!sprites) return;
    const frameOf = (period: number) => (Math.floor(cat.phase / period) % 2 === 0 ? 0 : 1);
    let sprite: Sprite;
    if (cat.activity === 'eating' || cat.activity === 'licking') sprite = sprites.eat[frameOf(0.25)];
    else if (cat.activity === 'resting') sprite = sprites.sit;
    else sprite = sprites.walk[frameOf(0.18)];
    this.#frame.blit(sprite, cat.x, cat.feet - CAT_SIZE.feet, cat.facingLeft);
  }

  #drawHud(now: number): void {
    const frame = this.#frame;
    const clock = formatClock(now);
    const clockWidth = textWidth(clock, 2);
    frame.fillRect(SCENE_WIDTH - clockWidth - 10, 2, clockWidth + 8, 18, [0, 0, 0]);
    drawText(frame, clock, SCENE_WIDTH - clockWidth - 6, 4, 2, [255, 255, 255]);
    const idWidth = textWidth(this.#deviceId, 2);
    frame.fillRect(2, 2, idWidth + 8, 18, [0, 0, 0]);
    drawText(frame, this.#deviceId, 6, 4, 2, [255, 230, 120]);
    drawText(frame, `BOWL ${Math.round(this.#bowl)} G`, 276, 221, 1, [200, 200, 200]);
    drawStamp(frame.data, SCENE_WIDTH, SCENE_HEIGHT, Math.floor(now), 3);
  }
}
