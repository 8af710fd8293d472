/** A colour as [red, green, blue], 0–255 each. */
export type Rgb = readonly [number, number, number];

/** A small image with a coverage mask (1 = opaque), drawn over a raster with `Raster.blit`. */
export interface Sprite {
  width: number;
  height: number;
  rgb: Uint8Array;
  mask: Uint8Array;
}

/**
 * An RGB24 image (3 bytes a pixel, row-major) with the few fill operations the scene needs. Every operation
 * clips to the image, so callers can draw partly outside it.
 */
export class Raster {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;

  constructor(width: number, height: number, data: Uint8Array = new Uint8Array(width * height * 3)) {
    if (data.length !== width * height * 3) throw new RangeError('raster data does not match its size');
    this.width = width;
    this.height = height;
    this.data = data;
  }

  setPixel(x: number, y: number, [r, g, b]: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const p = (y * this.width + x) * 3;
    this.data[p] = r;
    this.data[p + 1] = g;
    this.data[p + 2] = b;
  }

  fillRect(x: number, y: number, width: number, height: number, [r, g, b]: Rgb): void {
    const x0 = Math.max(0, Math.floor(x));
    const y0 = Math.max(0, Math.floor(y));
    const x1 = Math.min(this.width, Math.floor(x + width));
    const y1 = Math.min(this.height, Math.floor(y + height));
    for (let yy = y0; yy < y1; yy += 1) {
      let p = (yy * this.width + x0) * 3;
      for (let xx = x0; xx < x1; xx += 1, p += 3) {
        this.data[p] = r;
        this.data[p + 1] = g;
        this.data[p + 2] = b;
      }
    }
  }

  /** Fills the pixels whose centre is inside the ellipse; `half` keeps only the part above/below its centre. */
  fillEllipse(cx: number, cy: number, rx: number, ry: number, color: Rgb, half?: 'top' | 'bottom'): void {
    if (rx <= 0 || ry <= 0) return;
    const top = half === 'bottom' ? cy : cy - ry;
    const bottom = half === 'top' ? cy : cy + ry;
    for (let y = Math.max(0, Math.floor(top)); y <= Math.min(this.height - 1, Math.ceil(bottom)); y += 1) {
      const dy = (y + 0.5 - cy) / ry;
      if (dy * dy > 1 || y + 0.5 < top || y + 0.5 > bottom) continue;
      const dx = rx * Math.sqrt(1 - dy * dy);
      this.fillRect(Math.round(cx - dx), y, Math.round(cx + dx) - Math.round(cx - dx), 1, color);
    }
  }

  /** Fills a triangle (pixel centres inside it). */
  fillTriangle(points: readonly (readonly [number, number])[], color: Rgb): void {
    const [a, b, c] = points;
    if (!a || !b || !c) return;
    const minY = Math.max(0, Math.floor(Math.min(a[1], b[1], c[1])));
    const maxY = Math.min(this.height - 1, Math.ceil(Math.max(a[1], b[1], c[1])));
    const edges = [
      [a, b],
      [b, c],
      [c, a],
    ] as const;
    for (let y = minY; y <= maxY; y += 1) {
      const sy = y + 0.5;
      const xs: number[] = [];
      for (const [p, q] of edges) {
        if ((p[1] <= sy && q[1] > sy) || (q[1] <= sy && p[1] > sy))
          xs.push(p[0] + ((sy - p[1]) / (q[1] - p[1])) * (q[0] - p[0]));
      }
      if (xs.length < 2) continue;
      const x0 = Math.round(Math.min(...xs));
      const x1 = Math.round(Math.max(...xs));
      this.fillRect(x0, y, x1 - x0, 1, color);
    }
  }

  /** Copies a sprite's opaque pixels with its top-left corner at (x, y), mirrored horizontally if asked. */
  blit(sprite: Sprite, x: number, y: number, mirror = false): void {
    const left = Math.round(x);
    const top = Math.round(y);
    for (let sy = 0; sy < sprite.height; sy += 1) {
      const ty = top + sy;
      if (ty < 0 || ty >= this.height) continue;
      for (let sx = 0; sx < sprite.width; sx += 1) {
        const tx = left + (mirror ? sprite.width - 1 - sx : sx);
        const s = sy * sprite.width + sx;
        if (tx < 0 || tx >= this.width || !sprite.mask[s]) continue;
        const p = (ty * this.width + tx) * 3;
        this.data[p] = sprite.rgb[s * 3] ?? 0;
        this.data[p + 1] = sprite.rgb[s * 3 + 1] ?? 0;
        this.data[p + 2] = sprite.rgb[s * 3 + 2] ?? 0;
      }
    }
  }
}

/** Turns what was drawn on a raster into a sprite: pixels equal to `transparent` become see-through. */
export function toSprite(raster: Raster, transparent: Rgb): Sprite {
  const count = raster.width * raster.height;
  const mask = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) {
    const p = i * 3;
    const clear =
      raster.data[p] === transparent[0] &&
      raster.data[p + 1] === transparent[1] &&
      raster.data[p + 2] === transparent[2];
    mask[i] = clear ? 0 : 1;
  }
  return { width: raster.width, height: raster.height, rgb: raster.data, mask };
}

/** Adds a 1-px outline of `color` around a sprite's opaque shape (the sprite must have a transparent border). */
export function outline(sprite: Sprite, color: Rgb): Sprite {
  const { width, height } = sprite;
  const rgb = sprite.rgb.slice();
  const mask = sprite.mask.slice();
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (sprite.mask[i]) continue;
      const near =
        (x > 0 && sprite.mask[i - 1]) ||
        (x < width - 1 && sprite.mask[i + 1]) ||
        (y > 0 && sprite.mask[i - width]) ||
        (y < height - 1 && sprite.mask[i + width]);
      if (!near) continue;
      mask[i] = 1;
      rgb.set(color, i * 3);
    }
  return { width, height, rgb, mask };
}
