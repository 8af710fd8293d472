import type { Rgb, Sprite } from './raster';
import { Raster, outline, toSprite } from './raster';

const CLEAR: Rgb = [255, 0, 255];
const OUTLINE: Rgb = [34, 26, 22];

export interface CatColours {
  fur: Rgb;
  light: Rgb;
  eye: Rgb;
}

export const CAT_COLOURS: readonly CatColours[] = [
  { fur: [222, 133, 52], light: [246, 214, 170], eye: [40, 90, 30] },
  { fur: [128, 128, 138], light: [205, 205, 210], eye: [50, 110, 40] },
  { fur: [48, 44, 52], light: [232, 232, 232], eye: [200, 200, 60] },
];

/** A cat facing right in every pose the scene uses (mirror them to face left). 40×30, feet on row 28. */
export interface CatSprites {
  walk: readonly [Sprite, Sprite];
  eat: readonly [Sprite, Sprite];
  sit: Sprite;
}

export const CAT_SIZE = { width: 40, height: 30, feet: 28 } as const;

function canvas(): Raster {
  const raster = new Raster(CAT_SIZE.width, CAT_SIZE.height);
  raster.fillRect(0, 0, raster.width, raster.height, CLEAR);
  return raster;
}

function tail(raster: Raster, from: readonly [number, number], to: readonly [number, number], sway: number, c: Rgb) {
  for (let t = 0; t <= 1.0001; t += 0.08) {
    const x = from[0] + (to[0] - from[0]) * t + Math.sin(t * Math.PI) * sway;
    const y = from[1] + (to[1] - from[1]) * t;
    raster.fillEllipse(x, y, 1.7, 1.7, c);
  }
}

function head(raster: Raster, cx: number, cy: number, colours: CatColours): void {
  raster.fillTriangle(
    [
      [cx - 5, cy - 2],
      [cx - 4, cy - 10],
      [cx, cy - 5],
    ],
    colours.fur,
  );
  raster.fillTriangle(
    [
      [cx + 1, cy - 5],
      [cx + 5, cy - 10],
      [cx + 5.5, cy - 2],
    ],
    colours.fur,
  );
  raster.fillEllipse(cx, cy, 6, 5.5, colours.fur);
  raster.fillEllipse(cx + 3, cy + 3, 3, 2, colours.light);
  raster.fillRect(cx + 2, cy - 2, 2, 2, colours.eye);
  raster.setPixel(Math.round(cx + 5), Math.round(cy + 1), [230, 120, 140]);
}

function walking(colours: CatColours, frame: 0 | 1): Sprite {
  const r = canvas();
  tail(r, [8, 17], [3, 6], frame ? 2 : -2, colours.fur);
  const legs = frame ? [11, 14, 23, 26] : [9, 16, 21, 28];
  for (const x of legs) r.fillRect(x, 20, 3, 8 + (x % 2), colours.fur);
  r.fillEllipse(18, 17, 11, 6.5, colours.fur);
  r.fillEllipse(18, 20, 8, 2.5, colours.light);
  head(r, 30, 11, colours);
  return outline(toSprite(r, CLEAR), OUTLINE);
}

function eating(colours: CatColours, frame: 0 | 1): Sprite {
  const r = canvas();
  tail(r, [8, 16], [2, 5], frame ? 1 : -1, colours.fur);
  for (const x of [10, 14, 23, 27]) r.fillRect(x, 20, 3, 8, colours.fur);
  r.fillEllipse(17, 16, 11, 6.5, colours.fur);
  r.fillEllipse(17, 19, 8, 2.5, colours.light);
  r.fillEllipse(27, 17, 5, 5, colours.fur);
  head(r, 32, 20 + frame, colours);
  return outline(toSprite(r, CLEAR), OUTLINE);
}

function sitting(colours: CatColours): Sprite {
  const r = canvas();
  r.fillEllipse(10, 26, 8, 2, colours.fur);
  r.fillEllipse(15, 23, 8, 5, colours.fur);
  r.fillEllipse(17, 18, 8, 8, colours.fur);
  r.fillEllipse(19, 20, 4, 6, colours.light);
  for (const x of [20, 23]) r.fillRect(x, 19, 3, 9, colours.fur);
  head(r, 22, 9, colours);
  return outline(toSprite(r, CLEAR), OUTLINE);
}

export function catSprites(colours: CatColours): CatSprites {
  return {
    walk: [walking(colours, 0), walking(colours, 1)],
    eat: [eating(colours, 0), eating(colours, 1)],
    sit: sitting(colours),
  };
}

/** The front of the bowl (drawn over the food in it): 60×22, rim top at row 4. */
export function bowlFrontSprite(): Sprite {
  const r = new Raster(60, 22);
  r.fillRect(0, 0, r.width, r.height, CLEAR);
  for (let y = 4; y <= 19; y += 1) {
    const inset = 3 + ((y - 4) / 15) * 9;
    r.fillRect(inset, y, 60 - 2 * inset, 1, y < 8 ? [225, 80, 70] : [200, 58, 52]);
  }
  r.fillEllipse(30, 4, 27, 3.5, [232, 96, 84], 'bottom');
  r.fillRect(14, 11, 32, 2, [236, 120, 108]);
  return outline(toSprite(r, CLEAR), [90, 24, 20]);
}
