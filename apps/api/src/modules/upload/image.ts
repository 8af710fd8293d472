import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_MAX_PIXELS, UPLOAD_MIME_TYPES } from '@petheart/contracts';
import { AppError } from '../../http/errors';

export type ImageMime = (typeof UPLOAD_MIME_TYPES)[number];

export interface ProcessedImage {
  data: Buffer;
  mime: ImageMime;
  ext: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
}

export interface ImageLimits {
  /** Largest accepted width × height of the decoded input (decompression bombs). */
  maxPixels: number;
  /** The long side of the stored image is scaled down to this. */
  maxSide: number;
}

export const DEFAULT_IMAGE_LIMITS: ImageLimits = { maxPixels: UPLOAD_MAX_PIXELS, maxSide: 4096 };

const EXTENSIONS: Record<ImageMime, ProcessedImage['ext']> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

function isAllowedMime(mime: string): mime is ImageMime {
  return (UPLOAD_MIME_TYPES as readonly string[]).includes(mime);
}

/** The image type read from the bytes themselves (never the declared mime type or file name). */
export async function detectImageType(input: Uint8Array): Promise<ImageMime> {
  const detected = await fileTypeFromBuffer(input);
  if (!detected || !isAllowedMime(detected.mime)) throw new AppError('upload_invalid_type');
  return detected.mime;
}

/**
 * Checks and re-encodes an uploaded image: the type comes from its magic bytes, the decoded size is
 * bounded before decoding, the pixels are rotated upright by EXIF, scaled to fit `maxSide`, and written
 * afresh in the same format with no metadata at all (EXIF, GPS, XMP, ICC, comments).
 * Throws 'upload_invalid_type' for anything else or a damaged image, 'upload_too_large' for a pixel bomb.
 */
export async function processImage(input: Buffer, limits: ImageLimits = DEFAULT_IMAGE_LIMITS): Promise<ProcessedImage> {
  const mime = await detectImageType(input);
  // failOn 'warning' (the strictest): truncated or corrupt data is refused rather than half-decoded.
  const options = { limitInputPixels: limits.maxPixels, failOn: 'warning' as const, pages: 1 };

  let width: number;
  let height: number;
  try {
    const meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
    width = meta.width;
    height = meta.height;
  } catch {
    throw new AppError('upload_invalid_type');
  }
  if (width < 1 || height < 1) throw new AppError('upload_invalid_type');
  // The header alone tells a decompression bomb; refuse it before decoding a single pixel.
  if (width * height > limits.maxPixels) throw new AppError('upload_too_large');

  const pipeline = sharp(input, options)
    .rotate()
    .resize({ width: limits.maxSide, height: limits.maxSide, fit: 'inside', withoutEnlargement: true });
  if (mime === 'image/jpeg') pipeline.jpeg({ quality: 85, mozjpeg: true });
  else if (mime === 'image/png') pipeline.png({ compressionLevel: 9 });
  else pipeline.webp({ quality: 85 });

  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, mime, ext: EXTENSIONS[mime], width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new AppError('upload_too_large');
    throw new AppError('upload_invalid_type');
  }
}
