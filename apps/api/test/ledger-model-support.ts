import fc from 'fast-check';
import {
  accountKey,
  CASHOUT_CLEARING,
  PAYMENT_CLEARING,
  PLATFORM_REVENUE,
  type AccountRef,
  type EntryInput,
} from '../src/modules/ledger/policy';

// The ledger's model for ledger-model.test.ts: the commands fast-check draws, and the ledger as plain
// numbers that says what each should do.

/** What a step did: 'ok', 'replayed', or the error id / code it failed with. */
export type Outcome = string;

export type Command =
  | { t: 'credit'; user: number; amount: number; key: number }
  | { t: 'hold'; user: number; earnings: boolean; amount: number; key: number; ttl: number }
  | { t: 'post'; hold: number; percent: number; bp: number; operator: number }
  | { t: 'void'; hold: number }
  | { t: 'cashout'; user: number; amount: number; key: number }
  | { t: 'expire'; ms: number }
  /** Feeds' holds placed in one batch (LedgerBatch, as FeedIntake does): each tap sees those before it. */
  | { t: 'batchHold'; holds: { user: number; amount: number; ttl: number }[] }
  /** Holds settled in one batch (LedgerBatch, as FeedSettlement does): percent 0 voids. */
  | { t: 'batchSettle'; items: { hold: number; percent: number; bp: number; operator: number }[] }
  /** The same request again (a retried call): an earlier command of the run, repeated verbatim. */
  | { t: 'repeat'; index: number };

const user = fc.integer({ min: 0, max: 2 });
const key = fc.integer({ min: 0, max: 3 });
export const COMMAND = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('credit' as const),
      user,
      amount: fc.integer({ min: 1, max: 60 }),
      key: fc.integer({ min: 0, max: 9 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('hold' as const),
      user,
      earnings: fc.oneof({ weight: 1, arbitrary: fc.constant(true) }, { weight: 3, arbitrary: fc.constant(false) }),
      amount: fc.integer({ min: 1, max: 30 }),
      key: fc.integer({ min: 0, max: 9 }),
      ttl: fc.integer({ min: 1, max: 60_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('post' as const),
      hold: fc.nat(),
      percent: fc.integer({ min: 1, max: 100 }),
      bp: fc.integer({ min: 0, max: 10_000 }),
      operator: user,
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('void' as const), hold: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('cashout' as const), user, amount: fc.integer({ min: 1, max: 10 }), key }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('batchHold' as const),
      holds: fc.array(
        fc.record({ user, amount: fc.integer({ min: 1, max: 30 }), ttl: fc.integer({ min: 1, max: 60_000 }) }),
        { minLength: 1, maxLength: 5 },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('batchSettle' as const),
      items: fc.array(
        fc.record({
          hold: fc.nat(),
          percent: fc.integer({ min: 0, max: 100 }),
          bp: fc.integer({ min: 0, max: 10_000 }),
          operator: user,
        }),
        { minLength: 1, maxLength: 5 },
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('repeat' as const), index: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('expire' as const), ms: fc.integer({ min: 1, max: 90_000 }) }) },
);

export const PLATFORM = [PLATFORM_REVENUE, PAYMENT_CLEARING, CASHOUT_CLEARING];

export interface ModelHold {
  id: string;
  account: AccountRef;
  amount: number;
  status: 'pending' | 'posted' | 'voided';
  expiresAt: number;
}

/** The ledger as plain numbers: what every call should do, and every balance after it. */
export class Model {
  readonly balance = new Map<string, number>();
  readonly held = new Map<string, number>();
  readonly transactions = new Map<string, string>();
  readonly holdsByKey = new Map<string, ModelHold>();
  readonly holds: ModelHold[] = [];

  get(ref: AccountRef) {
    const balance = this.balance.get(accountKey(ref)) ?? 0;
    const held = this.held.get(accountKey(ref)) ?? 0;
    return { balance, held, available: balance - held };
  }
  move(entries: EntryInput[]) {
    for (const e of entries) this.balance.set(accountKey(e.account), this.get(e.account).balance + e.amount);
  }
  hold(ref: AccountRef, delta: number) {
    this.held.set(accountKey(ref), this.get(ref).held + delta);
  }
  /** A keyed transaction: replayed, refused as a conflict, or (when `apply` allows) applied. */
  record(key: string, entries: EntryInput[], debit: AccountRef | null): Outcome {
    const fingerprint = JSON.stringify(entries);
    const seen = this.transactions.get(key);
    if (seen !== undefined) return seen === fingerprint ? 'replayed' : 'idempotency_conflict';
    const amount = -(entries.find((e) => e.amount < 0)?.amount ?? 0);
    if (debit && this.get(debit).available < amount) return 'insufficient_balance';
    this.transactions.set(key, fingerprint);
    this.move(entries);
    return 'ok';
  }
}
