import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmptySchema, LiveCommentSchema } from '@petheart/contracts';
import { DEMO, createTestApi, failure, loginToken, okData, type TestApi } from './harness';
import { redisBin, startRedis } from './redis-support';

/** Codes a client address may ask for in an hour, on each API (CODE_IP_LIMIT_PER_HOUR). */
const IP_LIMIT = 4;

/** Two APIs, each with its own database (the same seeded users and ids), as two API processes behind a proxy. */
async function twoApis(env: Record<string, string>): Promise<[TestApi, TestApi]> {
  const one = await createTestApi({ env: { CODE_IP_LIMIT_PER_HOUR: String(IP_LIMIT), ...env } });
  const two = await createTestApi({ env: { CODE_IP_LIMIT_PER_HOUR: String(IP_LIMIT), ...env } });
  return [one, two];
}

/** Asks for `count` register codes from one client address, to new emails, alternately to each API. */
async function codesFrom(apis: [TestApi, TestApi], ip: string, count: number) {
  const answers: { status: number; retryAfter: number | undefined }[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${ip.replaceAll('.', '-')}-${String(i)}@example.com`;
    const r = await apis[i % 2 === 0 ? 0 : 1].post('/api/ems/send', { email, event: 'register' }, { ip });
    if (r.status === 200) okData(r, EmptySchema);
    else failure(r, 429, 'rate_limited');
    answers.push({
      status: r.status,
      retryAfter: r.headers['retry-after'] ? Number(r.headers['retry-after']) : undefined,
    });
  }
  return answers;
}

const comment = (api: TestApi, token: string, device: string, content: string) =>
  api.post('/api/live/comment/send', { device_id: device, content }, { token });

describe.skipIf(!redisBin)('rate limits across two API processes sharing Redis (REDIS_URL)', () => {
  let redis: { url: string; process: ChildProcess };
  let apis: [TestApi, TestApi];

  beforeAll(async () => {
    redis = await startRedis(redisBin ?? '');
    apis = await twoApis({ REDIS_URL: redis.url });
  });
  afterAll(async () => {
    redis.process.kill('SIGCONT');
    await Promise.all(apis.map((a) => a.close()));
    redis.process.kill();
  });

  it('a client address gets CODE_IP_LIMIT_PER_HOUR codes in all, not that many from each process', async () => {
    const answers = await codesFrom(apis, '192.0.2.10', 2 * IP_LIMIT);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
    // Both processes refuse with the hour's wait.
    for (const a of answers.slice(IP_LIMIT)) expect(a.retryAfter).toBeGreaterThan(3500);
  });

  it('an email address gets one code a minute, whichever process is asked', async () => {
    const [one, two] = apis;
    const send = (api: TestApi) =>
      api.post('/api/ems/send', { email: 'shared@example.com', event: 'register' }, { ip: '198.51.100.1' });
    okData(await send(one), EmptySchema);
    const refused = failure(await send(two), 429, 'rate_limited');
    expect(refused.data.retry_after).toBeGreaterThan(0);
    expect(refused.data.retry_after).toBeLessThanOrEqual(60);
    expect(two.mail.to('shared@example.com')).toHaveLength(0);
  });

  it('a live comment on one process holds the user back on the other (one per 2 s per room)', async () => {
    const [one, two] = apis;
    const tokens = [
      await loginToken(one, DEMO.user.email, DEMO.user.password),
      await loginToken(two, DEMO.user.email, DEMO.user.password),
    ];
    okData(await comment(one, tokens[0] ?? '', 'PH-0003', 'first, on one'), LiveCommentSchema);
    const tooFast = failure(await comment(two, tokens[1] ?? '', 'PH-0003', 'then on two'), 429, 'comment_too_fast');
    expect(tooFast.data.retry_after).toBeLessThanOrEqual(2);
    // Another room is not held up.
    okData(await comment(two, tokens[1] ?? '', 'PH-0004', 'another room, on two'), LiveCommentSchema);
  });

  it('with Redis not answering, each process answers from its own memory, without holding the request', async () => {
    const [one, two] = apis;
    const tokens = [
      await loginToken(one, DEMO.friend.email, DEMO.friend.password),
      await loginToken(two, DEMO.friend.email, DEMO.friend.password),
    ];
    // Stopped, not gone: the connection stays open and commands get no answer.
    redis.process.kill('SIGSTOP');
    try {
      const started = Date.now();
      okData(await comment(one, tokens[0] ?? '', 'PH-0003', 'redis is stuck'), LiveCommentSchema);
      // Each process now counts on its own (its memory insurance): the other lets the user through once too.
      okData(await comment(two, tokens[1] ?? '', 'PH-0003', 'and on two'), LiveCommentSchema);
      failure(await comment(one, tokens[0] ?? '', 'PH-0003', 'again on one'), 429, 'comment_too_fast');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      redis.process.kill('SIGCONT');
    }
  });
});

describe('rate limits without REDIS_URL: each process keeps its own', () => {
  let apis: [TestApi, TestApi];

  beforeAll(async () => {
    apis = await twoApis({});
  });
  afterAll(async () => {
    await Promise.all(apis.map((a) => a.close()));
  });

  it('a client address gets CODE_IP_LIMIT_PER_HOUR codes from each process', async () => {
    const answers = await codesFrom(apis, '192.0.2.20', 2 * IP_LIMIT + 2);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);
  });
});
