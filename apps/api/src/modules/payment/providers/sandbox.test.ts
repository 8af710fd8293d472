import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deriveSandboxKeys, SandboxProvider, sandboxKeys } from './sandbox';
import { SandboxPayer } from './sandbox-payer';

const clock = { now: () => new Date('2026-01-02T03:04:05Z') };
const keys = deriveSandboxKeys(Buffer.alloc(32, 3));
const provider = new SandboxProvider({ keys, clock });
const payer = new SandboxPayer({
  keys,
  notifyUrl: 'http://127.0.0.1:1/',
  orders: { find: () => Promise.resolve(undefined) },
  clock,
});
const order = { orderNo: 'P20260102030405ABCDEF012345', amount: 600, currency: 'CNY' };

describe('sandbox keys', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('creates one secret in the data folder and reads the same one back, also when two start at once', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-key-'));
    const [a, b] = await Promise.all([sandboxKeys(dir), sandboxKeys(dir)]);
    const c = await sandboxKeys(dir);
    expect(a).toEqual(b);
    expect(c).toEqual(a);
    expect(a.notify.equals(a.page)).toBe(false);
    expect((await readFile(path.join(dir, 'sandbox-key'), 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('sandbox provider', () => {
  it('answers a page address signed for the order, in the payer’s language', async () => {
    const placed = await provider.place({ ...order, description: 'x', openid: undefined, locale: 'ja' });
    expect(placed.provider).toBe('sandbox');
    const url = new URL(placed.response.pay_url, 'http://x');
    expect(url.pathname).toBe(`/api/payment/sandbox/${order.orderNo}`);
    expect(url.searchParams.get('lang')).toBe('ja');
    expect(payer.validToken(order.orderNo, url.searchParams.get('sig') ?? '')).toBe(true);
    expect(payer.validToken('P20260102030405000000000000', url.searchParams.get('sig') ?? '')).toBe(false);
    expect(payer.validToken(order.orderNo, undefined)).toBe(false);
  });

  it('verifies what the payer signs: a payment and a cancellation', () => {
    const paid = provider.verify(payer.sign(JSON.stringify(payer.notificationFor(order, 'pay'))));
    expect(paid.transactionId).toMatch(/^SBX[0-9A-F]{28}$/);
    expect(paid).toEqual({
      eventId: `SBX-PAID-${order.orderNo}`,
      kind: 'paid',
      orderNo: order.orderNo,
      transactionId: paid.transactionId,
      amount: 600,
      currency: 'CNY',
      payerId: null,
      paidAt: clock.now(),
    });
    const cancelled = provider.verify(payer.sign(JSON.stringify(payer.notificationFor(order, 'cancel'))));
    expect(cancelled).toMatchObject({ kind: 'closed', transactionId: null, paidAt: null });
    // Repeats carry the same id and transaction.
    expect(provider.verify(payer.sign(JSON.stringify(payer.notificationFor(order, 'pay'))))).toEqual(paid);
  });

  it('refuses a signed body that is not a notification', () => {
    expect(() => provider.verify(payer.sign('{"id":1}'))).toThrow(/malformed/);
    expect(() => provider.verify(payer.sign('not json'))).toThrow(/malformed/);
    const bad = { ...payer.notificationFor(order, 'pay'), paid_at: 'yesterday' };
    expect(() => provider.verify(payer.sign(JSON.stringify(bad)))).toThrow(/malformed/);
  });

  it('refuses a delivery signed more than 5 minutes away from now', () => {
    const body = JSON.stringify(payer.notificationFor(order, 'pay'));
    const at = (ms: number) => new Date(clock.now().getTime() + ms);
    expect(() => provider.verify(payer.sign(body, at(-299_000)))).not.toThrow();
    expect(() => provider.verify(payer.sign(body, at(-301_000)))).toThrow(/stale_timestamp/);
    expect(() => provider.verify(payer.sign(body, at(301_000)))).toThrow(/stale_timestamp/);
  });
});

describe('sandbox payer deliveries', () => {
  it('repeats each signed notification and retries a non-2xx answer until it gets a 2xx', async () => {
    const seen: string[] = [];
    const answers = [500, 200, 200, 503, 200];
    const fakeFetch = (_url: string | URL | Request, init?: RequestInit) => {
      // What the API would do with the delivery: verify it.
      const headers = init?.headers as Record<string, string>;
      seen.push(provider.verify({ headers, body: typeof init?.body === 'string' ? init.body : '' }).eventId);
      return Promise.resolve(new Response('{}', { status: answers.shift() ?? 200 }));
    };
    const p = new SandboxPayer({
      keys,
      notifyUrl: 'http://127.0.0.1:1/',
      orders: { find: () => Promise.resolve({ ...order, coins: 60, status: 'created', provider: 'sandbox' }) },
      clock,
      repeats: [0, 5, 10],
      retries: [1, 1],
      fetch: fakeFetch,
    });
    expect(await p.decide(order.orderNo, 'wrong', 'pay')).toBe('invalid');
    const token = new URL(
      (await provider.place({ ...order, description: '', openid: undefined, locale: 'en' })).response.pay_url,
      'http://x',
    ).searchParams.get('sig');
    expect(await p.decide(order.orderNo, token ?? '', 'pay')).toBe('sent');
    await p.idle();
    // 3 repeats, two of them answered 5xx once and sent again.
    expect(seen).toEqual(Array.from({ length: 5 }, () => `SBX-PAID-${order.orderNo}`));
  });

  it('stops pending deliveries when closed', async () => {
    let calls = 0;
    const p = new SandboxPayer({
      keys,
      notifyUrl: 'http://127.0.0.1:1/',
      orders: { find: () => Promise.resolve(undefined) },
      clock,
      repeats: [0, 60_000],
      fetch: () => {
        calls += 1;
        return Promise.resolve(new Response('', { status: 200 }));
      },
    });
    p.send(p.notificationFor(order, 'pay'));
    await new Promise((r) => setImmediate(r));
    p.close();
    await p.idle();
    expect(calls).toBe(1);
  });

  it('keeps any number of deliveries waiting without warning of a listener leak', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    const p = new SandboxPayer({
      keys,
      notifyUrl: 'http://127.0.0.1:1/',
      orders: { find: () => Promise.resolve(undefined) },
      clock,
      repeats: [60_000],
      fetch: () => Promise.resolve(new Response('', { status: 200 })),
    });
    try {
      // Many recharges paid within a minute: each waits for its next delivery on the payer's one signal.
      for (let i = 0; i < 30; i++)
        p.send(p.notificationFor({ ...order, orderNo: `${order.orderNo}${String(i)}` }, 'pay'));
      await new Promise((r) => setImmediate(r));
      expect(warnings).toEqual([]);
    } finally {
      p.close();
      await p.idle();
      process.off('warning', onWarning);
    }
  });
});
