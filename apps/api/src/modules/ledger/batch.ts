import type { SQL } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import { AccountIds } from './account-ids';
import { OneStatement, type Later } from '../../db/one-statement';
import type { BatchPosting, LedgerBatchRepository, LockedHold } from './batch-repository';
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

/** The failed check of placeHoldsIn (statementCheckFailed): a wallet no longer covers its holds. */
export const HOLDS_DID_NOT_FIT = 'a batch of holds did not fit its wallets';

/**
 * The failed check of settleHoldsIn: a hold it read as pending had ended meanwhile (possible where the read
 * does not lock, on PGlite: the caller runs its batch again).
 */
export const HOLD_CHANGED = 'a hold ended meanwhile';

/** A user's wallet as a batch read it. */
export interface BatchWallet {
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
  /**
   * Other connections write the ledger at the same time (PostgreSQL): holds are locked when read, and
   * accounts in lockOrder before a batch changes them. False with PGlite's one connection, whose batches
   * read without locks and whose writes check what they read (HOLD_CHANGED, HOLDS_DID_NOT_FIT).
   */
  concurrentWriters: boolean;
}

/**
 * The ledger's holds in batches, inside a transaction the caller runs (decision 011, "Throughput"): a
 * batch of feeds is placed, and a batch of answers settled, as parts of one statement (OneStatement) that
 * the caller may share with its own reads or writes. The same rules as LedgerService.hold / postHold /
 * voidHold: entries sum to zero, wallets never go below what they hold, a voided hold is never charged,
 * each posting's key is 'hold:<id>'.
 */
export class LedgerBatch {
  private readonly accounts: AccountIds;

  constructor(private readonly deps: LedgerBatchDeps) {
    this.accounts = new AccountIds(deps.ledger, deps.accountIds);
  }

  /**
   * The users' wallets: available coins by user (users with no wallet are absent). Not locked: they may
   * change before the holds are placed, and placeHoldsIn checks again, in its statement, that each wallet
   * still covers its holds (else HOLDS_DID_NOT_FIT: the caller may read and decide again).
   */
  async wallets(userIds: number[]): Promise<Map<number, BatchWallet>> {
    const q = new OneStatement();
    const wallets = this.walletsIn(q, userIds);
    await this.deps.batch.run(q);
    return wallets();
  }

  /** wallets as a part of the caller's statement. */
  walletsIn(q: OneStatement, userIds: number[]): Later<Map<number, BatchWallet>> {
    const rows = this.deps.batch.wallets(q, [...new Set(userIds)]);
    return () => new Map(rows().map((r) => [r.userId, { accountId: r.id, available: r.balance - r.held }]));
  }

  /**
   * Places holds on wallets read by walletsIn (the caller checked that they fit). Throws (the caller's
   * transaction rolls back) if one does not. Returns the users whose wallets changed.
   */
  async placeHolds(holds: BatchHold[], wallets: Map<number, BatchWallet>): Promise<number[]> {
    const q = new OneStatement();
    const users = this.placeHoldsIn(q, holds, wallets);
    await this.deps.batch.run(q);
    return users;
  }

  /**
   * placeHolds as parts of the caller's statement (its checks run with it); the users whose wallets change.
   * When other connections write too, the wallets are locked in lockOrder by a statement just before (sent
   * with it): held only for the end of the transaction, never while the caller decides.
   */
  placeHoldsIn(q: OneStatement, holds: BatchHold[], wallets: Map<number, BatchWallet>): number[] {
    if (holds.length === 0) return [];
    const now = this.deps.clock.now();
    const held = new Map<number, number>();
    const owners = new Set<number>();
    const rows = holds.map((h) => {
      assertCoins(h.amount);
      assertIdempotencyKey(h.idempotencyKey);
      if (!(h.expiresAt.getTime() > now.getTime()))
        throw new LedgerError('invalid_amount', 'a hold must expire in the future');
      const wallet = wallets.get(h.userId);
      if (!wallet) throw new LedgerError('invalid_entries', `user ${String(h.userId)}'s wallet is not locked`);
      held.set(wallet.accountId, (held.get(wallet.accountId) ?? 0) + h.amount);
      owners.add(h.userId);
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
    this.deps.batch.insertHolds(q, rows);
    if (this.deps.concurrentWriters) this.deps.batch.lockAccountsIn(q, [...held.keys()]);
    this.deps.batch.adjust(
      q,
      [...held].map(([accountId, amount]) => ({ accountId, delta: 0, heldDelta: amount })),
      HOLDS_DID_NOT_FIT,
    );
    return [...owners];
  }

  /**
   * Posts or voids each hold (one transaction per posting, the accounts changed once each per batch).
   * Holds already ended are left as they are and reported (a voided hold is not charged).
   */
  async settleHolds(items: BatchSettle[]): Promise<{ results: BatchSettleResult[]; wallets: number[] }> {
    const read = new OneStatement();
    const locked = this.deps.batch.holds(read, [...new Set(items.map((i) => i.holdId))], this.deps.concurrentWriters);
    await this.deps.batch.run(read);
    const q = new OneStatement();
    const settled = await this.settleHoldsIn(q, items, locked());
    await this.deps.batch.run(q);
    return settled;
  }

  /** The holds of settleHoldsIn, as a part of the caller's statement (locked when other connections write). */
  holdsIn(q: OneStatement, ids: string[] | SQL): Later<LockedHold[]> {
    return this.deps.batch.holds(q, Array.isArray(ids) ? [...new Set(ids)] : ids, this.deps.concurrentWriters);
  }

  /**
   * settleHolds as parts of the caller's statement, on holds it locked with holdsIn (accounts are locked
   * here first when other connections write too). The results are final once the statement has run.
   */
  async settleHoldsIn(
    q: OneStatement,
    items: BatchSettle[],
    holds: LockedHold[],
  ): Promise<{ results: BatchSettleResult[]; wallets: number[] }> {
    const locked = new Map(holds.map((h) => [h.id, h]));
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
    if (ending.size === 0) return { results, wallets: [] };
    const postings: BatchPosting[] = [...ending.values()]
      .filter((e) => e.lines.length > 0)
      .map(({ hold, item, lines }) => ({
        kind: item.kind,
        idempotencyKey: `${HOLD_KEY_PREFIX}${hold.id}`,
        reference: hold.reference,
        lines,
      }));
    this.deps.batch.insertPostings(q, postings, now);
    const ended = [...ending.values()].map(({ hold, lines }) => ({
      id: hold.id,
      status: lines.length > 0 ? ('posted' as const) : ('voided' as const),
      postingKey: lines.length > 0 ? `${HOLD_KEY_PREFIX}${hold.id}` : null,
    }));
    this.deps.batch.endHolds(q, ended, now, HOLD_CHANGED);
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
    if (this.deps.concurrentWriters) this.deps.batch.lockAccountsIn(q, [...deltas.keys()]);
    this.deps.batch.adjust(
      q,
      [...deltas].map(([accountId, d]) => ({ accountId, ...d })),
      'a batch of postings overdrew an account',
    );
    const wallets = new Set<number>();
    for (const { hold } of ending.values())
      if (hold.accountKind === 'user_wallet' && hold.userId !== null) wallets.add(hold.userId);
    return { results, wallets: [...wallets] };
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
}
