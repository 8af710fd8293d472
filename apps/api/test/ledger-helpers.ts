import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../src/db/client';
import { ledgerAccounts, users } from '../src/db/schema';
import { LedgerBatch } from '../src/modules/ledger/batch';
import { LedgerBatchRepository } from '../src/modules/ledger/batch-repository';
import { LedgerRepository } from '../src/modules/ledger/repository';
import type { TestApi } from './harness';

/** A LedgerBatch in the caller's transaction, made as the feed's batches make theirs (composition/feeding.ts). */
export function ledgerBatchIn(api: TestApi, tx: Database, accountIds = new Map<string, number>()): LedgerBatch {
  return new LedgerBatch({
    batch: new LedgerBatchRepository(tx),
    ledger: new LedgerRepository(tx, { joined: true }),
    clock: api.clock,
    accountIds,
    concurrentWriters: api.container.database.kind === 'postgres',
  });
}

/** The ledger suites' helpers, over the suite's API (made in its beforeAll, hence `current`). */
export function ledgerHelpers(current: () => TestApi, emailPrefix: string) {
  let seq = 0;
  return {
    /** `ms` after the API's clock. */
    later: (ms = 60_000) => new Date(current().clock.now().getTime() + ms),
    /** A new user's id. */
    newUser: async () => {
      seq += 1;
      return (await current().container.services.users.createWithEmail(`${emailPrefix}-${String(seq)}@example.com`)).id;
    },
    /** users.balance: the coins the app shows. */
    shown: async (userId: number) =>
      (
        await current()
          .container.database.db.select()
          .from(users)
          .where(sql`${users.id} = ${userId}`)
      )[0]?.balance,
    /** A platform account's balance. */
    platformBalance: async (kind: 'platform_revenue' | 'payment_clearing' | 'cashout_clearing') => {
      const rows = await current()
        .container.database.db.select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(sql`${ledgerAccounts.kind} = ${kind} AND ${ledgerAccounts.userId} IS NULL`);
      return rows[0]?.balance ?? 0;
    },
    /** The invariant checker finds nothing wrong. */
    expectOk: async () => {
      const report = await current().container.services.ledger.checkInvariants();
      expect(report.problems).toEqual([]);
      expect(report.ok).toBe(true);
      return report;
    },
  };
}
