import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeptAnswers } from './kept-answer';

let now = 1_700_000_000_500;
let data = JSON.stringify({ text: 'kept '.repeat(400) });
const app = Fastify({ logger: false });
const answers = new KeptAnswers<string>(() => now);
beforeAll(async () => {
  app.get('/kept', (request, reply) => answers.send(request, reply, 'en', data));
  await app.ready();
});
afterAll(() => app.close());

const get = (acceptEncoding?: string) =>
  app.inject({ method: 'GET', url: '/kept', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
const text = (r: Awaited<ReturnType<typeof get>>) => {
  const encoding = r.headers['content-encoding'];
  const raw = r.rawPayload;
  return (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString();
};

describe('KeptAnswers', () => {
  it('sends the envelope around the kept JSON, compressed by what the client accepts, with Vary', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      const r = await get(accept);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-encoding']).toBe(encoding);
      expect(r.headers.vary).toBe('accept-encoding');
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(text(r))).toEqual({ code: 1, msg: '', time: 1_700_000_000, data: JSON.parse(data) as unknown });
    }
  });

  it('compresses once a second: the same bytes within the second, a new time and new data after', async () => {
    const first = await get('br');
    expect((await get('br')).rawPayload.equals(first.rawPayload)).toBe(true);
    now += 1000;
    const next = await get('br');
    expect(JSON.parse(text(next))).toMatchObject({ time: 1_700_000_001 });
    data = JSON.stringify({ text: 'changed '.repeat(400) });
    expect(JSON.parse(text(await get('br')))).toMatchObject({ data: { text: 'changed '.repeat(400) } });
  });

  it('sends a small answer as text whatever the client accepts', async () => {
    data = JSON.stringify({ small: true });
    const r = await get('br, gzip');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(r.body)).toMatchObject({ data: { small: true } });
  });
});
