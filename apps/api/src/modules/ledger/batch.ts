import type { Clock } from '../../clock';
import { AccountIds } from './account-ids';
import type { LedgerBatchRepository, LockedHold } from './batch-repository';
import { HOLD_KEY_PREFIX } from './postings';
import { assertCoins, assertIdempotencyKey, LedgerError, type EntryInput, type TransactionKind } from './policy';
import type { LedgerRepository } from './repository';

/** A hold on a user's wallet, placed by a batch. */
export interface BatchHold {
  id: string;
  userId: number;
  amount: number;
  idempotencyKey: string;
  reference: string;
  expiresAt: Date;
}

/** A hold to end: `charge` > 0 posts it (the rest released) with `credits`; 0 voids it. */
export interface BatchSettle {
  holdId: string;
  kind: TransactionKind;
  charge: number;
  /** Where the charged coins go (positive amounts adding up to `charge`); empty when voiding. */
  credits: EntryInput[];
}

/** What became of a hold: ended now, or found ended already (a voided hold is never charged). */
export type BatchSettleResult = 'posted' | 'voided' | 'was_posted' | 'was_voided' | 'not_found';

/** A user's wallet as a batch locked it. */
export interface LockedWallet {
  accountId: number;
  available: number;
}

export interface LedgerBatchDeps {
  batch: LedgerBatchRepository;
  /** The ledger's repository in the same transaction (accounts created on first use). */
  ledger: Pick<LedgerRepository, 'ensureAccount'>;
  clock: Clock;
  /** Ids of committed accounts, shared by every ledger of the process (see LedgerServiceDeps). */
  accountIds: Map<string, number>;
}

/**
 * The ledger's holds in batches, inside a transaction the caller runs (decision 011, "Throughput"): a
 * batch of feeds is placed, and a batch of answers settled, with a fixed number of statements. The same
 * rules as LedgerService.hold / postHold / voidHold: entries sum to zero, wallets never go below what
 * they hold, a voided hold is never charged, each posting's key is 'hold:<id>'.
 */
export class LedgerBatch {
  private readonly accounts: AccountIds;

  constructor(private readonly deps: LedgerBatchDeps) {
    this.accounts = new AccountIds(deps.ledger, deps.accountIds);
  }

  /** Locks the users' wallets (until commit); available coins by user (users with no wallet are absent). */
  async lockWallets(userIds: number[]): Promise<Map<number, LockedWallet>> {
    const rows = await this.deps.batch.lockWallets([...new Set(userIds)]);
    const wallets = new Map<number, LockedWallet>();
    for (const r of rows)
      if (r.userId !== null) wallets.set(r.userId, { accountId: r.id, available: r.balance - r.held });
    return wallets;
  }

  /**
   * Places holds on wallets locked by lockWallets (the caller checked that they fit). Throws (the caller's
   * transaction rolls back) if one does not. Returns the users whose wallets changed.
   */
  async placeHolds(holds: BatchHold[], wallets: Map<number, LockedWallet>): Promise<number[]> {
    if (holds.length === 0) return [];
    const now = this.deps.clock.now();
    const held = new Map<number, number>();
    const rows = holds.map((h) => {
      assertCoins(h.amount);
      assertIdempotencyKey(h.idempotencyKey);
      if (!(h.expiresAt.getTime() > now.getTime()))
        throw new LedgerError('invalid_amount', 'a hold must expire in the future');
      const wallet = wallets.get(h.userId);
      if (!wallet) throw new LedgerError('invalid_entries', `user ${String(h.userId)}'s wallet is not locked`);
      held.set(wallet.accountId, (held.get(wallet.accountId) ?? 0) + h.amount);
      return {
        id: h.id,
        accountId: wallet.accountId,
        amount: h.amount,
        idempotencyKey: h.idempotencyKey,
        reference: h.reference,
        createdAt: now,
        expiresAt: h.expiresAt,
      };
    });
    await this.deps.batch.insertHolds(rows);
    const changed = await this.deps.batch.adjust(
      [...held].map(([accountId, amount]) => ({ accountId, delta: 0, heldDelta: amount })),
    );
    if (changed.length !== held.size) throw new Error('a batch of holds did not fit its wallets');
    return this.showWallets(changed);
  }

  /**
   * Posts or voids each hold (one transaction per posting, the accounts changed once each per batch).
   * Holds already ended are left as they are and reported (a voided hold is not charged).
   */
  async settleHolds(items: BatchSettle[]): Promise<{ results: BatchSettleResult[]; wallets: number[] }> {
    const ids = [...new Set(items.map((i) => i.holdId))];
    const locked = new Map((await this.deps.batch.lockHolds(ids)).map((h) => [h.id, h]));
    const now = this.deps.clock.now();
    const results: BatchSettleResult[] = [];
    const ending = new Map<
      string,
      { hold: LockedHold; item: BatchSettle; lines: { accountId: number; amount: number }[] }
    >();
    for (const item of items) {
      const hold = locked.get(item.holdId);
      if (!hold) results.push('not_found');
      else if (hold.status !== 'pending') results.push(hold.status === 'voided' ? 'was_voided' : 'was_posted');
      else if (ending.has(hold.id))
        // Named twice: the first settles it.
        results.push((ending.get(hold.id)?.item.charge ?? 0) > 0 ? 'was_posted' : 'was_voided');
      else {
        ending.set(hold.id, { hold, item, lines: await this.linesOf(hold, item) });
        results.push(item.charge > 0 ? 'posted' : 'voided');
      }
    }
    const posting = [...ending.values()].filter((e) => e.lines.length > 0);
    const txIds = await this.deps.batch.insertTransactions(
      posting.map(({ hold, item }) => ({
        kind: item.kind,
        idempotencyKey: `${HOLD_KEY_PREFIX}${hold.id}`,
        reference: hold.reference,
        createdAt: now,
      })),
    );
    const txOf = (holdId: string) => {
      const id = txIds.get(`${HOLD_KEY_PREFIX}${holdId}`);
      if (id === undefined) throw new Error(`ledger hold ${holdId} has no posting`);
      return id;
    };
    await this.deps.batch.insertEntries(
      posting.flatMap(({ hold, lines }) => lines.map((l) => ({ transactionId: txOf(hold.id), ...l }))),
    );
    const ended = [...ending.values()].map(({ hold, lines }) => ({
      id: hold.id,
      status: lines.length > 0 ? ('posted' as const) : ('voided' as const),
      transactionId: lines.length > 0 ? txOf(hold.id) : null,
    }));
    if ((await this.deps.batch.settleHolds(ended, now)) !== ended.length) throw new Error('a locked hold changed');
    // Each account once: what the postings move, and the held coins every ended hold releases.
    const deltas = new Map<number, { delta: number; heldDelta: number }>();
    const add = (accountId: number, delta: number, heldDelta: number) => {
      const d = deltas.get(accountId) ?? { delta: 0, heldDelta: 0 };
      deltas.set(accountId, { delta: d.delta + delta, heldDelta: d.heldDelta + heldDelta });
    };
    for (const { hold, lines } of ending.values()) {
      add(hold.accountId, 0, -hold.amount);
      for (const l of lines) add(l.accountId, l.amount, 0);
    }
    await this.deps.batch.lockAccounts([...deltas.keys()]);
    const changed = await this.deps.batch.adjust([...deltas].map(([accountId, d]) => ({ accountId, ...d })));
    if (changed.length !== deltas.size) throw new Error('a batch of postings overdrew an account');
    return { results, wallets: await this.showWallets(changed) };
  }

  /** The entries of a posting (none for a void): the hold's account pays, the credits receive. */
  private async linesOf(hold: LockedHold, item: BatchSettle): Promise<{ accountId: number; amount: number }[]> {
    if (item.charge === 0) {
      if (item.credits.length > 0) throw new LedgerError('invalid_entries', 'a void credits nobody');
      return [];
    }
    assertCoins(item.charge);
    if (item.charge > hold.amount)
      throw new LedgerError(
        'invalid_amount',
        `cannot charge ${String(item.charge)} on a hold of ${String(hold.amount)}`,
      );
    const lines = new Map<number, number>();
    for (const c of item.credits) {
      assertCoins(c.amount, 'a credit');
      const id = await this.accounts.of(c.account);
      if (id === hold.accountId) throw new LedgerError('invalid_entries', 'a hold cannot be posted to its own account');
      lines.set(id, (lines.get(id) ?? 0) + c.amount);
    }
    const credited = [...lines.values()].reduce((s, a) => s + a, 0);
    if (credited !== item.charge)
      throw new LedgerError('invalid_entries', `credits of ${String(credited)} for a charge of ${String(item.charge)}`);
    return [
      { accountId: hold.accountId, amount: -item.charge },
      ...[...lines].map(([accountId, amount]) => ({ accountId, amount })),
    ];
  }

  /** users.balance follows each changed wallet; the users whose wallets changed. */
  private async showWallets(changed: { kind: string; userId: number | null; balance: number; held: number }[]) {
    const wallets = changed.flatMap((a) =>
      a.kind === 'user_wallet' && a.userId !== null ? [{ userId: a.userId, available: a.balance - a.held }] : [],
    );
    await this.deps.batch.showBalances(wallets);
    return wallets.map((w) => w.userId);
  }
}
