import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PasswordSchema } from '@petheart/contracts';
import { AppError } from './errors';
import { installErrorHandling } from './error-handler';
import { localePlugin } from './locale';

const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
const logged: unknown[] = [];

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(localePlugin);
  installErrorHandling(app);
  app.addHook('onError', (_req, _reply, error, done) => {
    logged.push(error);
    done();
  });
  app.post('/typed', { schema: { body: z.object({ password: PasswordSchema, n: z.number() }) } }, () => ({ ok: 1 }));
  app.post('/app-error', () => {
    throw new AppError('too_many_attempts', { seconds: 42 }, 42);
  });
  app.post('/boom', () => {
    throw new Error('secret database detail');
  });
  // What drizzle throws when PostgreSQL refuses a value: the driver's error (with its SQLSTATE) as the cause.
  app.post('/db-refused', () => {
    throw new Error('Failed query: select …', {
      cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
    });
  });
  app.post('/db-other', () => {
    throw new Error('Failed query', { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) });
  });
  await app.ready();
});
afterAll(() => app.close());

describe('error handling', () => {
  it('answers a validation failure with the first problem in the request’s language', async () => {
    const res = await app.inject({ method: 'POST', url: '/typed', payload: { n: 1 }, headers: { lang: 'zh-CN' } });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: number; msg: string; data: { error: string; fields: unknown[] } }>();
    expect(body.code).toBe(0);
    expect(body.msg).toBe('请输入密码');
    expect(body.data.error).toBe('validation_failed');
    expect(body.data.fields).toEqual([{ path: 'password', message: '请输入密码' }]);
  });

  it('names the field when the schema has no message of its own', async () => {
    const res = await app.inject({ method: 'POST', url: '/typed', payload: { password: 'longenough', n: 'x' } });
    expect(res.json<{ msg: string }>().msg).toBe('Invalid input: n');
  });

  it('answers malformed JSON as a client error', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/typed',
      payload: '{"password":',
      headers: { 'content-type': 'application/json', 'accept-language': 'ja' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ msg: string }>().msg).toBe('入力内容が正しくありません');
  });

  it('turns an AppError into its status, message parameters and retry-after', async () => {
    const res = await app.inject({ method: 'POST', url: '/app-error' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('42');
    expect(res.json<{ msg: string; data: unknown }>()).toMatchObject({
      msg: 'Too many failed attempts, please try again in 42 s',
      data: { error: 'too_many_attempts', retry_after: 42 },
    });
  });

  it('hides the details of unexpected errors', async () => {
    const res = await app.inject({ method: 'POST', url: '/boom', headers: { lang: 'zh-TW' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json<{ msg: string; data: unknown }>()).toMatchObject({
      msg: '伺服器繁忙，請稍後再試',
      data: { error: 'internal' },
    });
  });

  it('answers a value the database refused (SQLSTATE class 22) as a client error, other database errors as 500', async () => {
    const refused = await app.inject({ method: 'POST', url: '/db-refused', headers: { lang: 'ja' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).not.toContain('UTF8');
    expect(refused.json<{ msg: string; data: unknown }>()).toMatchObject({
      msg: '入力内容が正しくありません',
      data: { error: 'validation_failed' },
    });
    expect((await app.inject({ method: 'POST', url: '/db-other' })).statusCode).toBe(500);
  });

  it('answers unknown paths with the 404 envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ code: number; msg: string }>()).toMatchObject({ code: 0, msg: '404' });
  });
});
