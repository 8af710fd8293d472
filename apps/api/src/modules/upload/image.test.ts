import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import {
  HTML,
  SVG,
  makeExifJpeg,
  makeGif,
  makeJpeg,
  makePixelBombPng,
  makePng,
  makeWebp,
  solid,
} from '../../../test/fixtures/images';
import { processImage } from './image';

async function refusal(input: Buffer | Promise<Buffer>, limits?: Parameters<typeof processImage>[1]) {
  try {
    await processImage(await input, limits);
  } catch (error) {
    if (error instanceof AppError) return error.id;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('processImage', () => {
  it.each([
    ['image/jpeg', 'jpg', makeJpeg, 'jpeg'],
    ['image/png', 'png', makePng, 'png'],
    ['image/webp', 'webp', makeWebp, 'webp'],
  ] as const)('re-encodes %s in the same format', async (mime, ext, make, format) => {
    const out = await processImage(await make(64, 48));
    expect(out).toMatchObject({ mime, ext, width: 64, height: 48 });
    const meta = await sharp(out.data).metadata();
    expect(meta.format).toBe(format);
  });

  it('turns an image upright by EXIF and strips every piece of metadata', async () => {
    const input = await makeExifJpeg(80, 40);
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(input.includes('PetCam')).toBe(true);

    const out = await processImage(input);
    const meta = await sharp(out.data).metadata();
    expect([out.width, out.height]).toEqual([40, 80]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(out.data.includes('PetCam')).toBe(false);
    expect(out.data.includes('Exif Owner')).toBe(false);
  });

  it('scales the long side down to maxSide', async () => {
    const out = await processImage(await solid(300, 120).png().toBuffer(), { maxPixels: 1_000_000, maxSide: 100 });
    expect([out.width, out.height]).toEqual([100, 40]);
  });

  it('refuses GIF, SVG, HTML and empty input by their bytes', async () => {
    expect(await refusal(makeGif())).toBe('upload_invalid_type');
    expect(await refusal(SVG)).toBe('upload_invalid_type');
    expect(await refusal(HTML)).toBe('upload_invalid_type');
    expect(await refusal(Buffer.alloc(0))).toBe('upload_invalid_type');
  });

  it('refuses truncated images', async () => {
    const jpeg = await solid(256, 256).jpeg().toBuffer();
    expect(await refusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toBe('upload_invalid_type');
    const png = await makePng(256, 256);
    expect(await refusal(png.subarray(0, png.length - 20))).toBe('upload_invalid_type');
  });

  it('refuses a header that declares more pixels than the limit, before decoding', async () => {
    expect(await refusal(makePixelBombPng())).toBe('upload_too_large');
    expect(await refusal(makePng(20, 20), { maxPixels: 399, maxSide: 4096 })).toBe('upload_too_large');
    await expect(processImage(await makePng(20, 20), { maxPixels: 400, maxSide: 4096 })).resolves.toBeDefined();
  });
});
