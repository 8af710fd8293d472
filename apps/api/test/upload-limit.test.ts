import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema, UPLOAD_MAX_BYTES, type ErrorId } from '@petheart/contracts';
import { uploads } from '../src/db/schema';
import { makeJpeg } from './fixtures/images';
import { createTestApi, registerUser, type TestApi } from './harness';

// Over the upload limit through a real socket, the way a browser (or Node's fetch) sends a file: the body
// arrives in chunks of whatever size the network makes, so the multipart parser meets the limit at any offset.

let api: TestApi;
let origin = '';
let token = '';

async function storedFiles(): Promise<string[]> {
  const root = api.config.uploadDir;
  const days = await readdir(root).catch(() => []);
  const all = await Promise.all(days.map(async (d) => (await readdir(path.join(root, d))).map((f) => `${d}/${f}`)));
  return all.flat();
}

async function uploadRows(): Promise<number> {
  const [row] = await api.container.database.db.select({ n: count() }).from(uploads);
  return row?.n ?? 0;
}

interface Answer {
  status: number;
  body: unknown;
}

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: res.status, body: text };
  }
}

/** POSTs one file with fetch + FormData + Blob, as a browser does. */
async function sendFile(data: Buffer, lang?: string): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'big.jpg');
  const res = await fetch(`${origin}/api/common/upload`, {
    method: 'POST',
    headers: { token, ...(lang ? { lang } : {}) },
    body: form,
  });
  return answer(res);
}

function expectFailure(a: Answer, status: number, id: ErrorId, msg?: string) {
  const parsed = ErrorEnvelopeSchema.safeParse(a.body);
  const summary = `${String(a.status)} ${JSON.stringify(a.body).slice(0, 200)}`;
  expect(parsed.success && a.status === status && parsed.data.data.error === id, summary).toBe(true);
  if (msg !== undefined && parsed.success) expect(parsed.data.msg).toBe(msg);
}

beforeAll(async () => {
  api = await createTestApi({ seed: false, serveWeb: true });
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${String((api.app.server.address() as AddressInfo).port)}`;
  token = (await registerUser(api, 'big-uploader@example.com')).token;
});

afterAll(async () => {
  await api.close();
});

describe('upload limit over a real socket', () => {
  it('answers 413 upload_too_large to 20 uploads of 30 MB each, and stores nothing', async () => {
    // A valid JPEG followed by padding: cut to its first UPLOAD_MAX_BYTES it would still decode and be stored.
    const big = Buffer.concat([await makeJpeg(), Buffer.alloc(30 * 1024 * 1024)]);
    expect(big.length).toBeGreaterThan(UPLOAD_MAX_BYTES);
    const filesBefore = await storedFiles();
    const rowsBefore = await uploadRows();

    const answers: Answer[] = [];
    for (let i = 0; i < 20; i += 1) answers.push(await sendFile(big));

    const accepted = answers.filter((a) => a.status === 200).length;
    const statuses = answers.map((a) => a.status);
    expect(accepted, `accepted ${String(accepted)} of 20: ${statuses.join(',')}`).toBe(0);
    for (const a of answers) expectFailure(a, 413, 'upload_too_large', 'The image is too large');
    expect(await uploadRows()).toBe(rowsBefore);
    expect(await storedFiles()).toEqual(filesBefore);
  }, 120_000);

  it('answers 413 when the limit falls exactly on a chunk boundary (the header sent apart, then 64 KiB chunks)', async () => {
    const rowsBefore = await uploadRows();
    const boundary = '----petheartboundary';
    const jpeg = await makeJpeg();
    const chunk = 64 * 1024;
    const first = Buffer.concat([jpeg, Buffer.alloc(chunk - jpeg.length)]);
    const chunks = [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      first,
      ...Array.from({ length: (UPLOAD_MAX_BYTES * 2) / chunk - 1 }, () => Buffer.alloc(chunk)),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ];
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/common/upload',
      headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Readable.from(chunks, { objectMode: false }),
    });
    expectFailure({ status: res.statusCode, body: res.json() }, 413, 'upload_too_large');
    expect(await uploadRows()).toBe(rowsBefore);
  }, 60_000);

  it('says it in the request language', async () => {
    const big = Buffer.concat([await makeJpeg(), Buffer.alloc(UPLOAD_MAX_BYTES + 1024)]);
    expectFailure(await sendFile(big, 'ja'), 413, 'upload_too_large', '画像が大きすぎます');
    expectFailure(await sendFile(big, 'zh-TW'), 413, 'upload_too_large', '圖片過大');
  }, 60_000);

  it('still stores an image just under the limit', async () => {
    const jpeg = await makeJpeg();
    const res = await sendFile(Buffer.concat([jpeg, Buffer.alloc(UPLOAD_MAX_BYTES - jpeg.length)]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }, 60_000);

  it('answers 413 payload_too_large (not 500) to a non-multipart body over the overall body limit', async () => {
    const json = JSON.stringify({ file: 'x'.repeat(2 * 1024 * 1024) });
    for (const url of ['/api/common/upload', '/api/user/login']) {
      const res = await fetch(`${origin}${url}`, {
        method: 'POST',
        headers: { token, 'content-type': 'application/json', lang: 'ja' },
        body: json,
      });
      expectFailure(await answer(res), 413, 'payload_too_large');
    }
  }, 60_000);
});
