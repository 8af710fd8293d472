/**
 * The machine-readable wall-clock stamp burned into the simulated camera's frames. The camera draws it; the
 * latency bench reads it back from a `<video>` frame in the browser (canvas `getImageData`) and compares it with
 * its own clock. Pure TypeScript, no Node or DOM APIs.
 *
 * Layout (in a 426×240 reference frame, scaled to the actual frame size): 2 rows × 32 square cells of 8 px at
 * (8, 216), row-major. Cells 0–3 are the marker 1 0 1 0, cells 4–47 the time in ms (44 bits, most significant
 * first), cells 48–63 a CRC-16/CCITT-FALSE of the time (6 bytes, big-endian). Bit 1 is white, 0 is black. The
 * cells sit on the 8-px grid of the H.264 transform, so they survive the encoder at modest bitrates.
 */

export const STAMP_REFERENCE_SIZE = { width: 426, height: 240 } as const;
export const STAMP_LAYOUT = { x: 8, y: 216, cell: 8, columns: 32, rows: 2 } as const;
export const STAMP_TIME_BITS = 44;
/** The largest time the stamp holds (2^44 − 1 ms: the year 2527). */
export const STAMP_MAX_MS = 2 ** STAMP_TIME_BITS - 1;

const MARKER = [1, 0, 1, 0] as const;
const CRC_BITS = 16;
const CELLS = STAMP_LAYOUT.columns * STAMP_LAYOUT.rows;
/** Where each cell is sampled, as fractions of the cell (3×3 points around its centre). */
const SAMPLE_AT = [0.3, 0.5, 0.7] as const;

type Pixels = Uint8Array | Uint8ClampedArray;

function timeBytes(ms: number): number[] {
  const bytes: number[] = [];
  let rest = ms;
  for (let i = 0; i < 6; i += 1) {
    bytes.unshift(rest % 256);
    rest = Math.floor(rest / 256);
  }
  return bytes;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) of the time as 6 big-endian bytes. */
export function stampChecksum(ms: number): number {
  let crc = 0xffff;
  for (const byte of timeBytes(ms)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** The 64 cell values (0 or 1) for a time in ms. */
export function stampBits(ms: number): number[] {
  if (!Number.isInteger(ms) || ms < 0 || ms > STAMP_MAX_MS) throw new RangeError(`stamp time out of range: ${ms}`);
  const bits: number[] = [...MARKER];
  for (let i = STAMP_TIME_BITS - 1; i >= 0; i -= 1) bits.push(Math.floor(ms / 2 ** i) % 2);
  const crc = stampChecksum(ms);
  for (let i = CRC_BITS - 1; i >= 0; i -= 1) bits.push((crc >> i) & 1);
  return bits;
}

/** The pixel rectangle of a cell in a frame of the given size (the reference layout scaled). */
export function stampCellRect(
  index: number,
  width: number,
  height: number,
): { x: number; y: number; width: number; height: number } {
  const sx = width / STAMP_REFERENCE_SIZE.width;
  const sy = height / STAMP_REFERENCE_SIZE.height;
  const { x, y, cell, columns } = STAMP_LAYOUT;
  const left = x + (index % columns) * cell;
  const top = y + Math.floor(index / columns) * cell;
  const x0 = Math.round(left * sx);
  const y0 = Math.round(top * sy);
  return { x: x0, y: y0, width: Math.round((left + cell) * sx) - x0, height: Math.round((top + cell) * sy) - y0 };
}

/** Draws the stamp of `ms` into an RGB (channels 3) or RGBA (channels 4) frame. */
export function drawStamp(pixels: Pixels, width: number, height: number, ms: number, channels: 3 | 4 = 4): void {
  const bits = stampBits(ms);
  for (let i = 0; i < CELLS; i += 1) {
    const value = bits[i] ? 255 : 0;
    const rect = stampCellRect(i, width, height);
    for (let y = rect.y; y < rect.y + rect.height; y += 1) {
      let p = (y * width + rect.x) * channels;
      for (let x = 0; x < rect.width; x += 1, p += channels) {
        pixels[p] = value;
        pixels[p + 1] = value;
        pixels[p + 2] = value;
        if (channels === 4) pixels[p + 3] = 255;
      }
    }
  }
}

/** The luma of each cell's 9 sample points. */
function sampleCells(pixels: Pixels, width: number, height: number, channels: number): number[][] {
  const luma: number[][] = [];
  for (let i = 0; i < CELLS; i += 1) {
    const rect = stampCellRect(i, width, height);
    const values: number[] = [];
    for (const fy of SAMPLE_AT)
      for (const fx of SAMPLE_AT) {
        const p = (Math.floor(rect.y + fy * rect.height) * width + Math.floor(rect.x + fx * rect.width)) * channels;
        values.push(((pixels[p] ?? 0) * 299 + (pixels[p + 1] ?? 0) * 587 + (pixels[p + 2] ?? 0) * 114) / 1000);
      }
    luma.push(values);
  }
  return luma;
}

const mean = (values: number[]): number => values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);

/**
 * Reads the stamp from an RGBA (or RGB, channels 3) frame of any size with the reference aspect ratio. Returns
 * the time in ms, or null when there is no valid stamp (no marker, too little contrast, or a checksum mismatch).
 */
export function decodeStamp(pixels: Pixels, width: number, height: number, channels: 3 | 4 = 4): number | null {
  if (width < STAMP_REFERENCE_SIZE.width / 2 || height < STAMP_REFERENCE_SIZE.height / 2) return null;
  if (pixels.length < width * height * channels) return null;
  const luma = sampleCells(pixels, width, height, channels);
  // The marker's white and black cells set the threshold (robust to the player's colour range and brightness).
  const white = mean([...(luma[0] ?? []), ...(luma[2] ?? [])]);
  const black = mean([...(luma[1] ?? []), ...(luma[3] ?? [])]);
  if (white - black < 64) return null;
  const threshold = (white + black) / 2;
  const bits = luma.map((values) => (values.filter((v) => v > threshold).length * 2 > values.length ? 1 : 0));
  if (MARKER.some((m, i) => bits[i] !== m)) return null;
  let ms = 0;
  for (let i = 0; i < STAMP_TIME_BITS; i += 1) ms = ms * 2 + (bits[MARKER.length + i] ?? 0);
  let crc = 0;
  for (let i = 0; i < CRC_BITS; i += 1) crc = (crc << 1) | (bits[MARKER.length + STAMP_TIME_BITS + i] ?? 0);
  return crc === stampChecksum(ms) ? ms : null;
}
