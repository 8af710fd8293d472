import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts, ledgerEntries, ledgerHolds, ledgerTransactions, users } from '../src/db/schema';
import { PLATFORM_REVENUE, walletOf } from '../src/modules/ledger/policy';
import type { LedgerService } from '../src/modules/ledger/service';
import { sqlState } from '../src/db/sql-state';
import { createTestApi, type TestApi } from './harness';
import { ledgerHelpers } from './ledger-helpers';

/** The record's own guards: corrections, what the database refuses, and the invariant checker. */
describe('coin ledger: corrections, database guards, the checker', () => {
  let api: TestApi;
  let ledger: LedgerService;
  const { newUser, expectOk } = ledgerHelpers(() => api, 'ledger-guards');

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
    ledger = api.container.services.ledger;
  });
  afterAll(async () => {
    await api.close();
  });

  it('records corrections as new balanced transactions and refuses unbalanced or reserved ones', async () => {
    const u = await newUser();
    await ledger.credit({ userId: u, amount: 10, idempotencyKey: `c-${String(u)}` });
    const fix = await ledger.record({
      kind: 'correction',
      idempotencyKey: `fix-${String(u)}`,
      reference: 'ticket 7: double charge',
      entries: [
        { account: PLATFORM_REVENUE, amount: -3 },
        { account: walletOf(u), amount: 3 },
      ],
    });
    expect(fix.replayed).toBe(false);
    expect((await ledger.balances(u)).wallet.balance).toBe(13);
    await expect(
      ledger.record({
        kind: 'correction',
        idempotencyKey: `bad-${String(u)}`,
        entries: [
          { account: PLATFORM_REVENUE, amount: -3 },
          { account: walletOf(u), amount: 2 },
        ],
      }),
    ).rejects.toMatchObject({ code: 'invalid_entries' });
    await expect(
      ledger.record({
        kind: 'correction',
        idempotencyKey: `neg-${String(u)}`,
        entries: [
          { account: PLATFORM_REVENUE, amount: 14 },
          { account: walletOf(u), amount: -14 },
        ],
      }),
    ).rejects.toMatchObject({ id: 'insufficient_balance' });
    await expect(ledger.credit({ userId: u, amount: 1, idempotencyKey: 'hold:x' })).rejects.toMatchObject({
      code: 'invalid_key',
    });
    await expect(ledger.credit({ userId: u, amount: 0, idempotencyKey: 'zero' })).rejects.toMatchObject({
      code: 'invalid_amount',
    });
    await expectOk();
  });

  it('the database refuses unbalanced transactions, edits of the record, and negative wallets', async () => {
    const { db } = api.container.database;
    const u = await newUser();
    await ledger.credit({ userId: u, amount: 5, idempotencyKey: `c-${String(u)}` });
    const [wallet] = await db
      .select()
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.userId} = ${u}`);
    if (!wallet) throw new Error('no wallet');
    const failure = async (work: Promise<unknown>) => {
      try {
        await work;
      } catch (error) {
        return sqlState(error);
      }
      return 'committed';
    };
    expect(
      await failure(
        db.transaction(async (tx) => {
          const [t] = await tx
            .insert(ledgerTransactions)
            .values({ kind: 'correction', idempotencyKey: `raw-${String(u)}`, createdAt: new Date() })
            .returning();
          await tx.insert(ledgerEntries).values({ transactionId: t?.id ?? 0, accountId: wallet.id, amount: 1 });
        }),
      ),
    ).toBe('23514');
    expect(await failure(db.execute(sql`UPDATE ${ledgerEntries} SET amount = amount * 2`))).toBe('55000');
    expect(await failure(db.execute(sql`DELETE FROM ${ledgerTransactions}`))).toBe('55000');
    expect(await failure(db.execute(sql`UPDATE ${ledgerAccounts} SET balance = -1 WHERE id = ${wallet.id}`))).toBe(
      '23514',
    );
    expect(await failure(db.execute(sql`UPDATE ${users} SET balance = -1 WHERE id = ${u}`))).toBe('23514');
    // A settled hold stays as it is, and no hold is deleted (0012: checked in the triggers' WHEN clauses).
    await ledger.credit({ userId: u, amount: 5, idempotencyKey: `db-rules-${String(u)}` });
    const hold = await ledger.hold({
      account: walletOf(u),
      amount: 2,
      idempotencyKey: `db-rules-hold-${String(u)}`,
      expiresAt: new Date(api.clock.now().getTime() + 60_000),
    });
    const pending = await failure(db.execute(sql`UPDATE ${ledgerHolds} SET amount = 3 WHERE id = ${hold.id}`));
    expect(pending).toBe('55000');
    await ledger.voidHold(hold.id);
    expect(await failure(db.execute(sql`UPDATE ${ledgerHolds} SET status = 'pending' WHERE id = ${hold.id}`))).toBe(
      '55000',
    );
    expect(await failure(db.execute(sql`DELETE FROM ${ledgerHolds} WHERE id = ${hold.id}`))).toBe('55000');
    await expectOk();
  });

  it('the checker finds a cached balance or a shown balance that disagrees with the entries', async () => {
    const { db } = api.container.database;
    const u = await newUser();
    await ledger.credit({ userId: u, amount: 8, idempotencyKey: `c-${String(u)}` });
    await db.execute(sql`UPDATE ${ledgerAccounts} SET balance = balance + 1 WHERE user_id = ${u}`);
    await db.execute(sql`UPDATE ${users} SET balance = 7 WHERE id = ${u}`);
    const report = await ledger.checkInvariants();
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => p.code).sort()).toEqual(['balance_mismatch', 'user_balance_mismatch']);
    expect(report.problems.find((p) => p.code === 'balance_mismatch')?.detail).toContain('cached 9, entries sum to 8');
    // Put it back (the cache, not the record, was wrong).
    await db.execute(sql`UPDATE ${ledgerAccounts} SET balance = balance - 1 WHERE user_id = ${u}`);
    await db.execute(sql`UPDATE ${users} SET balance = 8 WHERE id = ${u}`);
    await expectOk();
  });
});
