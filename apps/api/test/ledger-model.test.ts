import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/http/errors';
import {
  accountKey,
  CASHOUT_CLEARING,
  earningsOf,
  feedCredits,
  LedgerError,
  PAYMENT_CLEARING,
  walletOf,
} from '../src/modules/ledger/policy';
import type { BatchSettleResult, LedgerBatch } from '../src/modules/ledger/batch';
import type { LedgerService } from '../src/modules/ledger/service';
import { createTestApi, type TestApi } from './harness';
import { ledgerBatchIn } from './ledger-helpers';
import { COMMAND, Model, PLATFORM, type Command, type ModelHold, type Outcome } from './ledger-model-support';

describe('coin ledger against a model (fast-check)', () => {
  let api: TestApi;
  let ledger: LedgerService;
  let run = 0;

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
    ledger = api.container.services.ledger;
  });
  afterAll(async () => {
    await api.close();
  });

  const outcome = async <T>(work: Promise<T>): Promise<{ outcome: Outcome; value?: T }> => {
    try {
      const value = await work;
      const replayed = (value as { replayed?: boolean }).replayed === true;
      return { outcome: replayed ? 'replayed' : 'ok', value };
    } catch (error) {
      if (error instanceof AppError) return { outcome: error.id };
      if (error instanceof LedgerError) return { outcome: error.code };
      throw error;
    }
  };

  /** One property run: three new users, keys of its own, and the model next to the real ledger. */
  class Run {
    readonly model = new Model();
    readonly history: Command[] = [];
    constructor(
      readonly ns: string,
      readonly users: number[],
    ) {}
    uid = (i: number) => this.users[i] ?? 0;
    key = (kind: string, k: number) => `${this.ns}:${kind}${String(k)}`;

    /** Runs a command on the ledger; answers what the model expected and what happened (null: skipped). */
    async step(command: Command): Promise<{ expected: Outcome; actual: Outcome } | null> {
      const { model } = this;
      const now = api.clock.now().getTime();
      switch (command.t) {
        case 'credit': {
          const [userId, idempotencyKey] = [this.uid(command.user), this.key('c', command.key)];
          const entries = [
            { account: PAYMENT_CLEARING, amount: -command.amount },
            { account: walletOf(userId), amount: command.amount },
          ];
          const expected = model.record(idempotencyKey, entries, null);
          const { outcome: actual } = await outcome(ledger.credit({ userId, amount: command.amount, idempotencyKey }));
          return { expected, actual };
        }
        case 'cashout': {
          const [from, idempotencyKey] = [earningsOf(this.uid(command.user)), this.key('t', command.key)];
          const entries = [
            { account: from, amount: -command.amount },
            { account: CASHOUT_CLEARING, amount: command.amount },
          ];
          const expected = model.record(idempotencyKey, entries, from);
          const { outcome: actual } = await outcome(
            ledger.transfer({ from, to: CASHOUT_CLEARING, amount: command.amount, kind: 'cashout', idempotencyKey }),
          );
          return { expected, actual };
        }
        case 'hold': {
          const userId = this.uid(command.user);
          const account = command.earnings ? earningsOf(userId) : walletOf(userId);
          const idempotencyKey = this.key('h', command.key);
          const seen = model.holdsByKey.get(idempotencyKey);
          const expected = seen
            ? accountKey(seen.account) === accountKey(account) && seen.amount === command.amount
              ? 'replayed'
              : 'idempotency_conflict'
            : model.get(account).available < command.amount
              ? 'insufficient_balance'
              : 'ok';
          const expiresAt = now + command.ttl;
          const result = await outcome(
            ledger.hold({ account, amount: command.amount, idempotencyKey, expiresAt: new Date(expiresAt) }),
          );
          if (seen && result.value) expect(result.value).toMatchObject({ id: seen.id, status: seen.status });
          if (!seen && result.value && result.outcome === 'ok') {
            const hold: ModelHold = {
              id: result.value.id,
              account,
              amount: command.amount,
              status: 'pending',
              expiresAt,
            };
            model.holds.push(hold);
            model.holdsByKey.set(idempotencyKey, hold);
            model.hold(account, command.amount);
          }
          return { expected, actual: result.outcome };
        }
        case 'post': {
          const hold = model.holds[command.hold % Math.max(1, model.holds.length)];
          if (!hold) return null;
          const charged = Math.max(1, Math.floor((hold.amount * command.percent) / 100));
          const feed = hold.account.kind === 'user_wallet';
          const credits = feed
            ? feedCredits(charged, command.bp, this.uid(command.operator))
            : [{ account: CASHOUT_CLEARING, amount: charged }];
          const expected = hold.status === 'posted' ? 'replayed' : hold.status === 'voided' ? 'hold_voided' : 'ok';
          const { outcome: actual } = await outcome(
            ledger.postHold({ holdId: hold.id, kind: feed ? 'feed' : 'cashout', amount: charged, credits }),
          );
          if (expected === 'ok' && actual === 'ok') {
            model.move([{ account: hold.account, amount: -charged }, ...credits]);
            model.hold(hold.account, -hold.amount);
            hold.status = 'posted';
          }
          return { expected, actual };
        }
        case 'void': {
          const hold = model.holds[command.hold % Math.max(1, model.holds.length)];
          if (!hold) return null;
          const expected = hold.status === 'voided' ? 'replayed' : hold.status === 'posted' ? 'hold_posted' : 'ok';
          const { outcome: actual } = await outcome(ledger.voidHold(hold.id));
          if (expected === 'ok' && actual === 'ok') {
            model.hold(hold.account, -hold.amount);
            hold.status = 'voided';
          }
          return { expected, actual };
        }
        case 'expire': {
          api.clock.advance(command.ms);
          const at = api.clock.now().getTime();
          const due = model.holds.filter((h) => h.status === 'pending' && h.expiresAt <= at);
          for (const h of due) {
            h.status = 'voided';
            model.hold(h.account, -h.amount);
          }
          return {
            expected: `voided ${String(due.length)}`,
            actual: `voided ${String(await ledger.voidExpiredHolds())}`,
          };
        }
        case 'batchHold': {
          // As FeedIntake decides: the wallets read, each hold placed only if it fits after those before it.
          const userIds = command.holds.map((h) => this.uid(h.user));
          const expected = command.holds.map((h, i) => {
            const account = walletOf(userIds[i] ?? 0);
            if (model.get(account).available < h.amount) return 'insufficient_balance';
            model.hold(account, h.amount);
            return 'ok';
          });
          const placed = await this.inBatch(async (batch) => {
            const wallets = await batch.wallets(userIds);
            const fits = command.holds.map((h, i) => {
              const wallet = wallets.get(userIds[i] ?? 0);
              if (!wallet || wallet.available < h.amount) return null;
              wallet.available -= h.amount;
              const id = randomUUID();
              return {
                id,
                userId: userIds[i] ?? 0,
                amount: h.amount,
                idempotencyKey: `feed:${id}`,
                reference: id,
                expiresAt: new Date(now + h.ttl),
              };
            });
            await batch.placeHolds(
              fits.filter((h) => h !== null),
              wallets,
            );
            return fits;
          });
          placed.forEach((h, i) => {
            if (!h) return;
            model.holds.push({
              id: h.id,
              account: walletOf(h.userId),
              amount: h.amount,
              status: 'pending',
              expiresAt: now + (command.holds[i]?.ttl ?? 0),
            });
          });
          return {
            expected: expected.join(','),
            actual: placed.map((h) => (h ? 'ok' : 'insufficient_balance')).join(','),
          };
        }
        case 'batchSettle': {
          const chosen = command.items.flatMap((item) => {
            const hold = model.holds[item.hold % Math.max(1, model.holds.length)];
            return hold ? [{ item, hold }] : [];
          });
          if (chosen.length === 0) return null;
          const plans = chosen.map(({ item, hold }) => {
            const charge = Math.floor((hold.amount * item.percent) / 100);
            const credits =
              charge === 0
                ? []
                : hold.account.kind === 'user_wallet'
                  ? feedCredits(charge, item.bp, this.uid(item.operator))
                  : [{ account: CASHOUT_CLEARING, amount: charge }];
            return { hold, charge, credits };
          });
          const expected: BatchSettleResult[] = [];
          const first = new Map<string, number>();
          for (const { hold, charge, credits } of plans) {
            const earlier = first.get(hold.id);
            if (hold.status !== 'pending' && earlier === undefined)
              expected.push(hold.status === 'posted' ? 'was_posted' : 'was_voided');
            else if (earlier !== undefined) expected.push(earlier > 0 ? 'was_posted' : 'was_voided');
            else {
              first.set(hold.id, charge);
              model.hold(hold.account, -hold.amount);
              if (charge > 0) model.move([{ account: hold.account, amount: -charge }, ...credits]);
              hold.status = charge > 0 ? 'posted' : 'voided';
              expected.push(charge > 0 ? 'posted' : 'voided');
            }
          }
          const { results } = await this.inBatch((batch) =>
            batch.settleHolds(
              plans.map((p) => ({
                holdId: p.hold.id,
                kind: p.hold.account.kind === 'user_wallet' ? 'feed' : 'cashout',
                charge: p.charge,
                credits: p.credits,
              })),
            ),
          );
          return { expected: expected.join(','), actual: results.join(',') };
        }
        case 'repeat': {
          const earlier = this.history[command.index % Math.max(1, this.history.length)];
          return earlier && earlier.t !== 'repeat' ? this.step(earlier) : null;
        }
      }
    }

    /** Runs `work` with a LedgerBatch in one database transaction (as the feed's batches do). */
    inBatch<T>(work: (batch: LedgerBatch) => Promise<T>): Promise<T> {
      return api.container.database.db.transaction((tx) => work(ledgerBatchIn(api, tx)));
    }

    /** After every step: the checker finds nothing, and every balance is the model's. */
    async verify(): Promise<void> {
      expect((await ledger.checkInvariants()).problems).toEqual([]);
      for (const u of this.users.keys()) {
        const userId = this.uid(u);
        const { wallet, earnings } = await ledger.balances(userId);
        expect({ user: u, wallet, earnings }).toEqual({
          user: u,
          wallet: this.model.get(walletOf(userId)),
          earnings: this.model.get(earningsOf(userId)),
        });
        expect((await api.container.services.users.byId(userId))?.balance).toBe(
          this.model.get(walletOf(userId)).available,
        );
      }
      for (const ref of PLATFORM) expect((await ledger.balanceOf(ref)).balance).toBe(this.model.get(ref).balance);
    }
  }

  it('random credits, holds, posts, voids, batches of them, cash-outs, expiries and repeated requests keep every invariant', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 3, maxLength: 3 }),
        fc.array(COMMAND, { minLength: 1, maxLength: 40, size: 'max' }),
        async (opening, steps) => {
          // Each user starts with a recharge (of 0 to 100 coins), then the random steps.
          const commands: Command[] = [
            ...opening.flatMap((amount, u) =>
              amount > 0 ? [{ t: 'credit' as const, user: u, amount, key: 10 + u }] : [],
            ),
            ...steps,
          ];
          run += 1;
          const ns = `model-${String(run)}`;
          const users: number[] = [];
          for (let i = 0; i < 3; i++)
            users.push((await api.container.services.users.createWithEmail(`${ns}-${String(i)}@example.com`)).id);
          const current = new Run(ns, users);
          for (const ref of PLATFORM) current.model.balance.set(accountKey(ref), (await ledger.balanceOf(ref)).balance);
          try {
            for (const command of commands) {
              const result = await current.step(command);
              if (command.t !== 'repeat') current.history.push(command);
              if (!result) continue;
              expect({ command, outcome: result.actual }).toEqual({ command, outcome: result.expected });
              await current.verify();
            }
          } finally {
            // Leave no pending hold behind for the next run's checks.
            for (const h of current.model.holds) await outcome(ledger.voidHold(h.id));
          }
        },
      ),
      // Runs share one database, so a broken run leaves the ledger broken for the next ones: report the
      // first failing run as it is instead of shrinking it against a ledger it already damaged.
      { numRuns: Number(process.env.LEDGER_MODEL_RUNS ?? 40), endOnFailure: true },
    );
  }, 180_000);
});
