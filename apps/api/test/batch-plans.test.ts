import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementSender } from '../src/db/batch-transaction';
import { OneStatement } from '../src/db/one-statement';
import { PreparedStatements } from '../src/db/prepared';
import { FeedBatchRepository } from '../src/modules/feed/batch-repository';
import { CommandRepository } from '../src/modules/gateway/repository';
import { LedgerBatchRepository } from '../src/modules/ledger/batch-repository';
import { createTestApi, type TestApi } from './harness';

/**
 * The settlement's statements name their feeds, holds and commands by id, and must find them by id
 * (decision 018): a plan that scans a partial index of open rows instead (feeds_pending_idx,
 * ledger_holds_pending_idx, device_commands_open_idx) reads every row that ended since the last vacuum
 * (on PGlite the app's own, decision 019, once a fifth of a table is dead). Each statement is prepared as
 * batches prepare it and explained with the server's custom plan (its values known) and its generic plan
 * (what a prepared statement settles on).
 */
describe('the settlement statements find their rows by id', () => {
  let api: TestApi;
  const OPEN_INDEXES = /feeds_pending_idx|ledger_holds_pending_idx|device_commands_open_idx/;

  beforeAll(async () => {
    api = await createTestApi({ seed: false, serveWeb: false });
  });
  afterAll(async () => {
    await api.close();
  });

  /** The statements a OneStatement sends (nothing runs: the sender answers no rows). */
  const statementsOf = async (build: (q: OneStatement) => void): Promise<SQL[]> => {
    const sent: SQL[] = [];
    const sender: StatementSender = {
      send: (statements) => {
        sent.push(...statements);
        return Promise.resolve(statements.map(() => []));
      },
    };
    const q = new OneStatement();
    build(q);
    await q.run(sender);
    return sent;
  };

  /** EXPLAIN of each statement as prepared and executed by batches, in both plan cache modes. */
  const plansOf = async (statements: SQL[]): Promise<string[]> => {
    const { pglite, pool } = api.container.database;
    const client = pool ? await pool.connect() : undefined;
    const run = async (text: string): Promise<string> => {
      if (client) return JSON.stringify((await client.query(text)).rows);
      if (!pglite) throw new Error('no database connection');
      return JSON.stringify((await pglite.exec(text)).map((r) => r.rows));
    };
    const connection = client ?? pglite;
    if (!connection) throw new Error('no database connection');
    const prepared = new PreparedStatements();
    const plans: string[] = [];
    try {
      for (const statement of statements) {
        const text = await prepared.textFor(connection, statement, run);
        for (const mode of ['force_custom_plan', 'force_generic_plan']) {
          await run(`SET plan_cache_mode = ${mode}`);
          plans.push(await run(`EXPLAIN ${text}`));
        }
      }
    } finally {
      await run('RESET plan_cache_mode');
      client?.release();
    }
    return plans;
  };

  const ids = (n: number) => Array.from({ length: n }, () => randomUUID());

  /** Every plan of these statements looks its rows up in `primaryKey`, none through an open-rows index. */
  const expectFoundBy = async (primaryKey: string, statements: SQL[]) => {
    const plans = await plansOf(statements);
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(plan).toContain(primaryKey);
      expect(plan).not.toMatch(OPEN_INDEXES);
    }
  };

  it('feeds: the pending ones read, and their ends written', async () => {
    const feeds = new FeedBatchRepository(api.container.database.db);
    const statements = await statementsOf((q) => {
      feeds.pendingIn(q, ids(3), false);
      feeds.settleManyIn(
        q,
        ids(2).map((id) => ({
          id,
          status: 'succeeded' as const,
          reason: null,
          gramsDispensed: 10,
          coinsCharged: 10,
          settledAt: new Date(),
        })),
      );
    });
    await expectFoundBy('feeds_pkey', statements);
  });

  it('holds: their ends written', async () => {
    const ledger = new LedgerBatchRepository(api.container.database.db);
    const statements = await statementsOf((q) => {
      ledger.endHolds(
        q,
        ids(3).map((id) => ({ id, status: 'voided' as const, postingKey: null })),
        new Date(),
        'refused',
      );
    });
    await expectFoundBy('ledger_holds_pkey', statements);
  });

  it('commands: their ends written', async () => {
    const commands = new CommandRepository(api.container.database.db);
    const statements = await statementsOf((q) => {
      commands.settleManyIn(
        q,
        ids(3).map((id) => ({
          id,
          status: 'acked' as const,
          answer: { outcome: 'dispensed', grams: 10, ackedAt: new Date() },
        })),
      );
    });
    await expectFoundBy('device_commands_pkey', statements);
  });
});
