import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { batchTransactions, type BatchTransactions } from '../src/db/batch-transaction';
import { feeds } from '../src/db/schema';
import { statementCheckFailed } from '../src/db/sql-state';
import { FeedBatchRepository } from '../src/modules/feed/batch-repository';
import { settleBatch, type SettlementBatchDeps } from '../src/modules/feed/settlement-batch';
import { HOLD_CHANGED, LedgerBatch } from '../src/modules/ledger/batch';
import { LedgerBatchRepository } from '../src/modules/ledger/batch-repository';
import { LedgerRepository } from '../src/modules/ledger/repository';
import { createStation, feed, feedBody, feedSuite, newFeeder } from './feed-support';
import type { TestApi } from './harness';

/**
 * On PGlite a settlement reads without locks and its write checks what it read (decision 017): a hold
 * that ends between the two fails the write whole, and the batch, run again, settles from what is true.
 * (On PostgreSQL the read locks the feed and its hold: the other writer would wait for the settlement.)
 */
describe('a settlement whose hold ends between its read and its write', () => {
  const suite = feedSuite();
  let api: TestApi;
  beforeAll(() => {
    api = suite.api;
  });

  /** The settlement's batch as the composition makes it, over `transactions`. */
  const depsOver = (transactions: BatchTransactions): SettlementBatchDeps => {
    const concurrentWriters = api.container.database.kind === 'postgres';
    return {
      transactions,
      batchIn: (tx) => new FeedBatchRepository(tx.db, tx),
      ledgerBatchIn: (tx) =>
        new LedgerBatch({
          batch: new LedgerBatchRepository(tx.db, tx),
          ledger: new LedgerRepository(tx.db, { joined: true }),
          clock: api.clock,
          accountIds: new Map(),
          concurrentWriters,
        }),
      commands: {
        settleManyIn: () => {
          throw new Error('no command end is recorded here');
        },
        confirmLateIn: () => {
          throw new Error('no late answer is confirmed here');
        },
      },
      clock: api.clock,
      concurrentWriters,
    };
  };

  it.skipIf(process.env.DATABASE_URL)('fails whole with its check, then charges nothing when run again', async () => {
    const station = await createStation(api);
    await suite.online(api, station, 'silent');
    const user = await newFeeder(api, 10);
    const made = await feed(api, user.token, feedBody(station.deviceId));
    const [row] = await api.container.database.db.select().from(feeds).where(eq(feeds.id, made.id));
    const holdId = row?.holdId ?? '';
    expect(await suite.wallet(user.id)).toEqual({ balance: 10, held: 10, available: 0 });

    const plain = batchTransactions(api.container.database);
    // The ledger's expiry voids the hold just after the settlement's read.
    const racing: BatchTransactions = (work) =>
      plain((tx) => {
        let read = false;
        return work({
          get db() {
            return tx.db;
          },
          send: async (statements, options) => {
            const rows = await tx.send(statements, options);
            if (!read) {
              read = true;
              await api.container.services.ledger.voidHold(holdId);
            }
            return rows;
          },
        });
      });
    const answer = {
      feedId: made.id,
      end: { status: 'acked' as const, outcome: 'dispensed', grams: 10, ackedAt: null },
    };
    const since = new Date(0);
    const failed = await settleBatch(depsOver(racing), [answer], since, []).catch((error: unknown) => error);
    expect(statementCheckFailed(failed)).toBe(HOLD_CHANGED);
    // Nothing of the settlement stayed: the feed is still pending, the hold's coins are free.
    const [pending] = await api.container.database.db.select().from(feeds).where(eq(feeds.id, made.id));
    expect(pending?.status).toBe('pending');
    expect(await suite.wallet(user.id)).toEqual({ balance: 10, held: 0, available: 10 });

    // Run again (as FeedSettlement does on that check): the voided hold charges nothing.
    const again = await settleBatch(depsOver(plain), [answer], since, []);
    expect(again.settled.get(made.id)).toMatchObject({ status: 'failed', coinsCharged: 0 });
    expect(await suite.wallet(user.id)).toEqual({ balance: 10, held: 0, available: 10 });
  });
});
