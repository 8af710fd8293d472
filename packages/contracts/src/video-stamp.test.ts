import { describe, expect, it } from 'vitest';
import { STAMP_MAX_MS, decodeStamp, drawStamp, stampBits, stampCellRect } from './video-stamp';

/** A small deterministic PRNG so the noise is reproducible. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function frame(width: number, height: number, random: () => number): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i & 3) === 3 ? 255 : Math.floor(random() * 256);
  return pixels;
}

function addNoise(pixels: Uint8ClampedArray, amplitude: number, random: () => number): void {
  for (let i = 0; i < pixels.length; i += 1) {
    if ((i & 3) !== 3) pixels[i] = (pixels[i] ?? 0) + Math.round((random() * 2 - 1) * amplitude);
  }
}

describe('video stamp', () => {
  it('encodes 4 marker, 44 time and 16 checksum cells', () => {
    const bits = stampBits(1_760_000_000_123);
    expect(bits).toHaveLength(64);
    expect(bits.slice(0, 4)).toEqual([1, 0, 1, 0]);
    expect(() => stampBits(-1)).toThrow(RangeError);
    expect(() => stampBits(STAMP_MAX_MS + 1)).toThrow(RangeError);
    expect(() => stampBits(1.5)).toThrow(RangeError);
  });

  it('reads back what was drawn through heavy noise, at the reference size and scaled', () => {
    const random = rng(7);
    for (const [width, height] of [
      [426, 240],
      [852, 480],
      [320, 180],
    ] as const) {
      for (const ms of [0, 1, 1_760_000_000_123, Date.now(), STAMP_MAX_MS]) {
        const pixels = frame(width, height, random);
        drawStamp(pixels, width, height, ms);
        addNoise(pixels, 90, random);
        expect(decodeStamp(pixels, width, height)).toBe(ms);
      }
    }
  });

  it('reads RGB frames and darkened, low-contrast renditions (limited colour range)', () => {
    const random = rng(3);
    const rgb = new Uint8Array(426 * 240 * 3);
    drawStamp(rgb, 426, 240, 1_760_000_000_999, 3);
    expect(decodeStamp(rgb, 426, 240, 3)).toBe(1_760_000_000_999);
    const pixels = frame(426, 240, random);
    drawStamp(pixels, 426, 240, 1_760_000_001_000);
    for (let i = 0; i < pixels.length; i += 1) if ((i & 3) !== 3) pixels[i] = 40 + ((pixels[i] ?? 0) * 120) / 255;
    expect(decodeStamp(pixels, 426, 240)).toBe(1_760_000_001_000);
  });

  it('survives a few blurred cell edges but rejects a flipped cell (checksum)', () => {
    const ms = 1_760_000_000_123;
    const pixels = new Uint8ClampedArray(426 * 240 * 4).fill(128);
    drawStamp(pixels, 426, 240, ms);
    const rect = stampCellRect(20, 426, 240);
    // Blur the cell's border ring: the centre samples still decide.
    for (let x = rect.x; x < rect.x + rect.width; x += 1) pixels[(rect.y * 426 + x) * 4] = 128;
    expect(decodeStamp(pixels, 426, 240)).toBe(ms);
    // Invert one whole time cell: the checksum no longer matches.
    const bit = stampBits(ms)[20] ? 0 : 255;
    for (let y = rect.y; y < rect.y + rect.height; y += 1)
      for (let x = rect.x; x < rect.x + rect.width; x += 1) pixels.fill(bit, (y * 426 + x) * 4, (y * 426 + x) * 4 + 3);
    expect(decodeStamp(pixels, 426, 240)).toBeNull();
  });

  it('rejects garbage: flat frames, random frames, too-small or short buffers', () => {
    const random = rng(11);
    expect(decodeStamp(new Uint8ClampedArray(426 * 240 * 4), 426, 240)).toBeNull();
    expect(decodeStamp(new Uint8ClampedArray(426 * 240 * 4).fill(255), 426, 240)).toBeNull();
    let decoded = 0;
    for (let i = 0; i < 50; i += 1) if (decodeStamp(frame(426, 240, random), 426, 240) !== null) decoded += 1;
    expect(decoded).toBe(0);
    expect(decodeStamp(new Uint8ClampedArray(100 * 50 * 4), 100, 50)).toBeNull();
    expect(decodeStamp(new Uint8ClampedArray(10), 426, 240)).toBeNull();
  });
});
