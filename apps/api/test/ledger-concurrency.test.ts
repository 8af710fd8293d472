import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementCheckFailed } from '../src/db/sql-state';
import { AppError } from '../src/http/errors';
import { LedgerAuditRepository } from '../src/modules/ledger/audit-repository';
import { HOLDS_DID_NOT_FIT } from '../src/modules/ledger/batch';
import { feedCredits, LedgerError, PLATFORM_REVENUE, walletOf } from '../src/modules/ledger/policy';
import { LedgerRepository } from '../src/modules/ledger/repository';
import { LedgerService } from '../src/modules/ledger/service';
import { createTestApi, type TestApi } from './harness';
import { ledgerBatchIn } from './ledger-helpers';

/**
 * Many calls at once. On PGlite (one connection) they queue; with DATABASE_URL they run side by side on
 * the pool's connections, which is where row locks and conditional updates have to be right.
 */
describe('coin ledger under concurrency', () => {
  let api: TestApi;
  let ledger: LedgerService;
  let seq = 0;
  const later = () => new Date(api.clock.now().getTime() + 60_000);
  const newUser = async () => {
    seq += 1;
    return (await api.container.services.users.createWithEmail(`race-${String(seq)}@example.com`)).id;
  };
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (error: unknown) => {
        if (error instanceof AppError) return error.id;
        if (error instanceof LedgerError) return error.code;
        throw error;
      },
    );
  const count = (outcomes: string[]) =>
    outcomes.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o]: (acc[o] ?? 0) + 1 }), {});

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
    ledger = api.container.services.ledger;
  });
  afterAll(async () => {
    await api.close();
  });

  it('100 parallel holds on a wallet that covers exactly 37: 37 succeed, the wallet never goes negative', async () => {
    const u = await newUser();
    await ledger.credit({ userId: u, amount: 370, idempotencyKey: `c-${String(u)}` });
    const watching = { done: false };
    let lowest = Infinity;
    const watcher = (async () => {
      while (!watching.done) {
        const { wallet } = await ledger.balances(u);
        lowest = Math.min(lowest, wallet.available, wallet.balance);
      }
    })();
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        outcome(
          ledger.hold({
            account: walletOf(u),
            amount: 10,
            idempotencyKey: `h-${String(u)}-${String(i)}`,
            expiresAt: later(),
          }),
        ),
      ),
    );
    watching.done = true;
    await watcher;
    expect(count(outcomes)).toEqual({ ok: 37, insufficient_balance: 63 });
    expect(lowest).toBeGreaterThanOrEqual(0);
    expect((await ledger.balances(u)).wallet).toEqual({ balance: 370, held: 370, available: 0 });
    expect((await api.container.services.users.byId(u))?.balance).toBe(0);
    expect((await ledger.checkInvariants()).problems).toEqual([]);
  });

  it('one key repeated 50 times at once credits once and places one hold', async () => {
    const u = await newUser();
    const credits = await Promise.all(
      Array.from({ length: 50 }, () => ledger.credit({ userId: u, amount: 25, idempotencyKey: `order-${String(u)}` })),
    );
    expect(credits.filter((c) => !c.replayed)).toHaveLength(1);
    expect(new Set(credits.map((c) => c.id)).size).toBe(1);
    const holds = await Promise.all(
      Array.from({ length: 50 }, () =>
        ledger.hold({ account: walletOf(u), amount: 20, idempotencyKey: `feed-${String(u)}`, expiresAt: later() }),
      ),
    );
    expect(holds.filter((h) => !h.replayed)).toHaveLength(1);
    expect(new Set(holds.map((h) => h.id)).size).toBe(1);
    expect((await ledger.balances(u)).wallet).toEqual({ balance: 25, held: 20, available: 5 });
    expect((await ledger.checkInvariants()).problems).toEqual([]);
  });

  it('a post racing a void on the same hold: exactly one wins', async () => {
    const u = await newUser();
    await ledger.credit({ userId: u, amount: 200, idempotencyKey: `c-${String(u)}` });
    const holds = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ledger.hold({
          account: walletOf(u),
          amount: 10,
          idempotencyKey: `r-${String(u)}-${String(i)}`,
          expiresAt: later(),
        }),
      ),
    );
    const results = await Promise.all(
      holds.map(async (h, i) => {
        const post = () =>
          outcome(
            ledger.postHold({ holdId: h.id, kind: 'feed', credits: [{ account: PLATFORM_REVENUE, amount: 10 }] }),
          );
        const cancel = () => outcome(ledger.voidHold(h.id));
        // Side by side, in both start orders; every fifth one the ack lands first.
        if (i % 5 === 0) return { p: await post(), v: await cancel() };
        const [p, v] =
          i % 2 ? await Promise.all([post(), cancel()]) : (await Promise.all([cancel(), post()])).reverse();
        return { p: p ?? '', v: v ?? '' };
      }),
    );
    // The post won (the void finds it posted) or the void won (the post finds it voided).
    for (const { p, v } of results)
      expect(p === 'ok' ? v : `${p}/${v}`).toBe(p === 'ok' ? 'hold_posted' : 'hold_voided/ok');
    expect(results.some((r) => r.p === 'ok')).toBe(true);
    const posted = results.filter((r) => r.p === 'ok').length;
    expect((await ledger.balances(u)).wallet).toEqual({
      balance: 200 - 10 * posted,
      held: 0,
      available: 200 - 10 * posted,
    });
    expect((await ledger.checkInvariants()).problems).toEqual([]);
  });

  it('many feeders posting to one operator and the platform at once, while recharges land', async () => {
    const operator = await newUser();
    const feeders = await Promise.all(Array.from({ length: 5 }, () => newUser()));
    await Promise.all(feeders.map((u) => ledger.credit({ userId: u, amount: 100, idempotencyKey: `c-${String(u)}` })));
    const work = feeders.flatMap((u) =>
      Array.from({ length: 10 }, async (_, i) => {
        const hold = await ledger.hold({
          account: walletOf(u),
          amount: 10,
          idempotencyKey: `f-${String(u)}-${String(i)}`,
          expiresAt: later(),
        });
        await ledger.postHold({ holdId: hold.id, kind: 'feed', credits: feedCredits(10, 2500, operator) });
        await ledger.credit({ userId: u, amount: 1, idempotencyKey: `tip-${String(u)}-${String(i)}` });
      }),
    );
    await Promise.all(work);
    for (const u of feeders) expect((await ledger.balances(u)).wallet).toEqual({ balance: 10, held: 0, available: 10 });
    // 50 feeds of 10 coins: 2 each to the operator (25 %, rounded down).
    expect((await ledger.balances(operator)).earnings).toEqual({ balance: 100, held: 0, available: 100 });
    expect((await ledger.checkInvariants()).problems).toEqual([]);
  });

  it("a wallet spent between a batch's read and its holds: the holds' statement refuses them and writes nothing", async () => {
    const u = await newUser();
    await ledger.credit({ userId: u, amount: 10, idempotencyKey: `c-${String(u)}` });
    const attempt = api.container.database.db.transaction(async (tx) => {
      const accountIds = new Map<string, number>();
      const batch = ledgerBatchIn(api, tx, accountIds);
      const wallets = await batch.wallets([u]);
      expect(wallets.get(u)?.available).toBe(10);
      // Another writer's hold lands after the read (in this transaction: PGlite has one connection).
      const other = new LedgerService({
        ledger: new LedgerRepository(tx, { joined: true }),
        audit: new LedgerAuditRepository(tx),
        clock: api.clock,
        accountIds,
      });
      await other.hold({ account: walletOf(u), amount: 8, idempotencyKey: `other-${String(u)}`, expiresAt: later() });
      const id = randomUUID();
      await batch.placeHolds(
        [{ id, userId: u, amount: 5, idempotencyKey: `feed:${id}`, reference: id, expiresAt: later() }],
        wallets,
      );
    });
    expect(statementCheckFailed(await attempt.catch((error: unknown) => error))).toBe(HOLDS_DID_NOT_FIT);
    expect((await ledger.balances(u)).wallet).toEqual({ balance: 10, held: 0, available: 10 });
  });
});
