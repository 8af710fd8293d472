/** The avatar crop: the area chosen in react-easy-crop (natural image pixels) → a square image. */

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Size {
  width: number;
  height: number;
}

/** Largest side of the uploaded avatar, in pixels. */
export const AVATAR_MAX_SIZE = 512;

/** Rounds the area to whole pixels and keeps it inside the image (never empty). */
export function clampArea(area: Area, image: Size): Area {
  const x = Math.min(Math.max(0, Math.round(area.x)), Math.max(0, image.width - 1));
  const y = Math.min(Math.max(0, Math.round(area.y)), Math.max(0, image.height - 1));
  const width = Math.max(1, Math.min(Math.round(area.width), image.width - x));
  const height = Math.max(1, Math.min(Math.round(area.height), image.height - y));
  return { x, y, width, height };
}

/** The output canvas: the crop's own size, scaled down so neither side exceeds `max`. */
export function outputSize(area: Area, max = AVATAR_MAX_SIZE): Size {
  const scale = Math.min(1, max / Math.max(area.width, area.height));
  return {
    width: Math.max(1, Math.round(area.width * scale)),
    height: Math.max(1, Math.round(area.height * scale)),
  };
}

/** Arguments for `ctx.drawImage(image, sx, sy, sw, sh, 0, 0, dw, dh)`. */
export function drawArgs(area: Area, image: Size, max = AVATAR_MAX_SIZE) {
  const source = clampArea(area, image);
  const target = outputSize(source, max);
  return { source, target };
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      resolve(image);
    };
    image.onerror = () => {
      reject(new Error('image failed to load'));
    };
    image.src = src;
  });
}

/** Draws the chosen area of the image on a canvas and encodes it as JPEG. */
export async function cropToBlob(src: string, area: Area, max = AVATAR_MAX_SIZE): Promise<Blob> {
  const image = await loadImage(src);
  const { source, target } = drawArgs(area, { width: image.naturalWidth, height: image.naturalHeight }, max);
  const canvas = document.createElement('canvas');
  canvas.width = target.width;
  canvas.height = target.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, target.width, target.height);
  ctx.drawImage(image, source.x, source.y, source.width, source.height, 0, 0, target.width, target.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (blob) resolve(blob);
        else reject(new Error('canvas could not be encoded'));
      },
      'image/jpeg',
      0.9,
    );
  });
}
