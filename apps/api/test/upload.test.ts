import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@petheart/contracts';
import { uploads } from '../src/db/schema';
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
} from './fixtures/images';
import { multipartBody, type FilePart } from './fixtures/multipart';
import { createTestApi, registerUser, type TestApi } from './harness';

let api: TestApi;
let userCounter = 0;
let token = '';
let userId = 0;

/** A new account through the real register flow (code by SMTP); its id and token. */
async function newUser() {
  userCounter += 1;
  const info = await registerUser(api, `uploader${userCounter}@example.com`);
  return { token: info.token, userId: info.id };
}

function upload(
  file: FilePart | null,
  options: { token?: string; fields?: Record<string, string>; lang?: string } = {},
) {
  const { payload, headers } = multipartBody(file, options.fields);
  return api.app.inject({
    method: 'POST',
    url: '/api/common/upload',
    payload,
    headers: {
      ...headers,
      ...(options.token === '' ? {} : { token: options.token ?? token }),
      ...(options.lang ? { lang: options.lang } : {}),
    },
  });
}

async function storedFiles(): Promise<string[]> {
  const root = api.config.uploadDir;
  const days = await readdir(root).catch(() => []);
  const all = await Promise.all(days.map(async (d) => (await readdir(path.join(root, d))).map((f) => `${d}/${f}`)));
  return all.flat();
}

beforeAll(async () => {
  api = await createTestApi({ seed: false, serveWeb: true });
  ({ token, userId } = await newUser());
});

afterAll(async () => {
  await api.close();
});

describe('POST /api/common/upload', () => {
  it.each([
    ['JPEG', makeJpeg, 'jpg', 'image/jpeg', 'jpeg'],
    ['PNG', makePng, 'png', 'image/png', 'png'],
    ['WebP', makeWebp, 'webp', 'image/webp', 'webp'],
  ] as const)('stores a %s, records it, and serves it with nosniff', async (_name, make, ext, mime, format) => {
    const res = await upload({ data: await make(120, 90), filename: `cat.${ext}`, contentType: mime });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ code: number; msg: string; data: { url: string; fullurl: string } }>();
    expect(body.code).toBe(1);
    expect(body.msg).toBe('Uploaded');
    const day = api.clock.now().toISOString().slice(0, 10).replaceAll('-', '');
    expect(body.data.url).toMatch(new RegExp(`^/uploads/${day}/[0-9a-f]{32}\\.${ext}$`));
    expect(body.data.fullurl).toBe(`${api.config.publicUrl}${body.data.url}`);

    const rows = await api.container.database.db.select().from(uploads).where(eq(uploads.path, body.data.url));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId, mime, width: 120, height: 90 });

    const served = await api.app.inject({ method: 'GET', url: body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-type']).toBe(mime);
    expect(served.rawPayload.length).toBe(rows[0]?.bytes);
    expect((await sharp(served.rawPayload).metadata()).format).toBe(format);
  });

  it('ignores the declared name and type: a PNG sent as "photo.jpg" (image/jpeg) is stored as .png', async () => {
    const res = await upload({ data: await makePng(), filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { url: string } }>().data.url).toMatch(/\.png$/);
  });

  it('turns an EXIF-rotated JPEG upright and serves it without EXIF', async () => {
    const input = await makeExifJpeg(80, 40);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const res = await upload({ data: input });
    expect(res.statusCode).toBe(200);
    const { url } = res.json<{ data: { url: string } }>().data;
    const stored = await readFile(path.join(api.config.uploadDir, url.replace('/uploads/', '')));
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([40, 80]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes('PetCam')).toBe(false);
  });

  it.each([
    ['a GIF', () => makeGif(), 'anim.gif', 'image/gif'],
    ['an SVG', () => Promise.resolve(SVG), 'logo.svg', 'image/svg+xml'],
    ['an HTML page renamed .png', () => Promise.resolve(HTML), 'innocent.png', 'image/png'],
    [
      'a truncated JPEG',
      async () => (await solid(300, 300).jpeg().toBuffer()).subarray(0, 700),
      'cut.jpg',
      'image/jpeg',
    ],
    ['a truncated PNG', async () => (await makePng(300, 300)).subarray(0, 200), 'cut.png', 'image/png'],
  ])('refuses %s with 415 upload_invalid_type and stores nothing', async (_name, make, filename, contentType) => {
    const before = await storedFiles();
    const res = await upload({ data: await make(), filename, contentType });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 0, data: { error: 'upload_invalid_type' } });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 413 upload_too_large', async () => {
    const big = Buffer.concat([await makeJpeg(), Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const res = await upload({ data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 0, data: { error: 'upload_too_large' } });
  });

  it('refuses a decompression bomb (a tiny PNG declaring 100000 × 100000 pixels) with 413', async () => {
    const bomb = await makePixelBombPng(100_000, 100_000);
    expect(bomb.length).toBeLessThan(1000);
    const res = await upload({ data: bomb, filename: 'bomb.png', contentType: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ data: { error: 'upload_too_large' } });
  });

  it('answers upload_failed without a `file` part, with another field name, or without multipart', async () => {
    const none = await upload(null, { fields: { note: 'hello' } });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 0, msg: 'Upload failed', data: { error: 'upload_failed' } });

    const other = await upload({ field: 'image', data: await makeJpeg() });
    expect(other.json()).toMatchObject({ data: { error: 'upload_failed' } });

    const json = await api.app.inject({
      method: 'POST',
      url: '/api/common/upload',
      headers: { token },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ data: { error: 'upload_failed' } });
  });

  it('speaks the request language', async () => {
    const res = await upload({ data: SVG }, { lang: 'ja' });
    expect(res.json<{ msg: string }>().msg).toBe('アップロードできるのはJPEG、PNG、WebP画像のみです');
    const zh = await upload({ data: SVG }, { lang: 'zh-TW' });
    expect(zh.json<{ msg: string }>().msg).toBe('僅支援上傳 JPEG、PNG 或 WebP 圖片');
  });

  it('needs a login: a tourist gets 401 login_required, a bad token 401 login_expired', async () => {
    const tourist = await upload({ data: await makeJpeg() }, { token: '' });
    expect(tourist.statusCode).toBe(401);
    expect(tourist.json()).toMatchObject({ code: 0, data: { error: 'login_required' } });
    const stale = await upload({ data: await makeJpeg() }, { token: 'not-a-real-token' });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ data: { error: 'login_expired' } });
  });

  it('allows 60 uploads per user per hour, then 429 with retry-after; other users are unaffected', async () => {
    const heavy = await newUser();
    for (let i = 0; i < 60; i += 1) {
      const res = await upload(null, { token: heavy.token });
      expect(res.json()).toMatchObject({ data: { error: 'upload_failed' } });
    }
    const limited = await upload({ data: await makeJpeg() }, { token: heavy.token });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 0, data: { error: 'rate_limited' } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);

    const other = await newUser();
    expect((await upload({ data: await makeJpeg() }, { token: other.token })).statusCode).toBe(200);

    api.clock.advance(3_600_001);
    expect((await upload({ data: await makeJpeg() }, { token: heavy.token })).statusCode).toBe(200);
  });
});
