import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translate } from '@petheart/contracts';
import { installErrorHandling } from './error-handler';
import { localePlugin } from './locale';
import { validatorCompiler } from './validation';

const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(localePlugin);
  installErrorHandling(app);
  app.post(
    '/things/:name',
    {
      schema: {
        params: z.object({ name: z.string() }),
        querystring: z.object({ q: z.string().optional() }),
        body: z.object({ title: z.string().min(1, { error: 'v.content' }), tags: z.array(z.unknown()).default([]) }),
      },
    },
    (request) => ({ ok: request.body.title }),
  );
  await app.ready();
});
afterAll(() => app.close());

const post = (url: string, payload: unknown, lang = 'en') =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: { lang } });
const body = (res: { json: () => unknown }) =>
  res.json() as { msg: string; data: { error: string; fields: { path: string; message: string }[] } };

describe('the validator: no NUL anywhere, then the route’s schema', () => {
  it('refuses a NUL in the body, at its path, in the request’s language', async () => {
    const res = await post('/things/a', { title: 'ok', tags: [{ deep: ['x\u0000'] }] }, 'zh-CN');
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({
      msg: translate('zh-CN', 'v.nul'),
      data: { error: 'validation_failed', fields: [{ path: 'tags.0.deep.0', message: translate('zh-CN', 'v.nul') }] },
    });
  });

  it('refuses a NUL in a key the schema would have dropped, in the query and in the path', async () => {
    expect(body(await post('/things/a', { title: 'ok', 'x\u0000': 1 })).data.error).toBe('validation_failed');
    expect(body(await post('/things/a?q=%00', { title: 'ok' })).msg).toBe(translate('en', 'v.nul'));
    expect(body(await post('/things/a%00b', { title: 'ok' })).msg).toBe(translate('en', 'v.nul'));
  });

  it('leaves everything else to the route’s schema', async () => {
    const fine = await post('/things/a?q=%F0%9F%90%B6', { title: 'ok \u202e 🐶', tags: ['\u0001'] });
    expect([fine.statusCode, fine.json()]).toEqual([200, { ok: 'ok \u202e 🐶' }]);
    expect(body(await post('/things/a', { title: '' })).msg).toBe(translate('en', 'v.content'));
  });

  it('walks a body nested 50,000 deep without overflowing the stack', async () => {
    const deep = `{"title":"ok","tags":${'['.repeat(50_000)}"\\u0000"${']'.repeat(50_000)}}`;
    const res = await app.inject({
      method: 'POST',
      url: '/things/a',
      payload: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect([res.statusCode, body(res).msg]).toEqual([400, translate('en', 'v.nul')]);
  });
});
