import type { Clock } from '../../lib/clock';
import { AppError } from '../../http/errors';
import { AccountIds } from './account-ids';
import type { LedgerAuditRepository } from './audit-repository';
import type { CreditInput, HoldInput, PostHoldInput, RecordInput, TransferInput } from './inputs';
import { checkLedger, type InvariantReport } from './invariants';
import {
  accountKey,
  assertCoins,
  assertIdempotencyKey,
  isUserAccount,
  LedgerError,
  normalizeEntries,
  PAYMENT_CLEARING,
  userIdOf,
  walletOf,
  type AccountRef,
} from './policy';
import { applyLines, HOLD_KEY_PREFIX, postedTransaction, sameLines, showWallet } from './postings';
import {
  toAccountRef,
  toBalance,
  toHoldView,
  toTransactionView,
  type Balance,
  type HoldView,
  type LedgerTransactionView,
} from './presenter';
import type { EntryRow, LedgerRepository } from './repository';

export interface LedgerServiceDeps {
  ledger: LedgerRepository;
  audit: LedgerAuditRepository;
  clock: Clock;
  /** Called after a commit that changed a user's wallet (UserService.forget: the cached userinfo). */
  onWalletChange?: (userId: number) => void;
  /**
   * Ids of accounts known to exist (committed), by account key, shared by every ledger of the process
   * (accounts are never deleted). A ledger working inside a caller's transaction adds only accounts it
   * found, never one it created (that transaction may still roll back).
   */
  accountIds?: Map<string, number>;
}

/**
 * The double-entry coin ledger (decision 009). Every movement is one database transaction whose
 * entries sum to zero and which carries an idempotency key: repeating a call with the same key returns
 * the first result (`replayed: true`) and moves nothing; the same key with other data is refused.
 * Users' wallets and earnings never go below zero nor below their pending holds.
 */
export class LedgerService {
  private readonly accounts: AccountIds;

  constructor(private readonly deps: LedgerServiceDeps) {
    this.accounts = new AccountIds(deps.ledger, deps.accountIds);
  }

  /** Runs `work` in one database transaction, then tells about the wallets it changed. */
  private async atomically<T>(work: (repo: LedgerRepository) => Promise<{ view: T; wallets: number[] }>): Promise<T> {
    const { view, wallets } = await this.deps.ledger.transaction(work);
    for (const userId of new Set(wallets)) this.deps.onWalletChange?.(userId);
    return view;
  }

  /** Records a transaction (the general form: corrections, anything credit/transfer do not cover). */
  async record(input: RecordInput): Promise<LedgerTransactionView> {
    assertIdempotencyKey(input.idempotencyKey);
    if (input.idempotencyKey.startsWith(HOLD_KEY_PREFIX))
      throw new LedgerError('invalid_key', `keys starting with '${HOLD_KEY_PREFIX}' belong to hold postings`);
    const entries = normalizeEntries(input.entries);
    const lines: EntryRow[] = [];
    for (const e of entries)
      lines.push({
        accountId: await this.accounts.of(e.account),
        kind: e.account.kind,
        userId: userIdOf(e.account),
        amount: e.amount,
      });
    const reference = input.reference ?? '';
    return this.atomically(async (repo) => {
      const row = await repo.insertTransaction({
        kind: input.kind,
        idempotencyKey: input.idempotencyKey,
        reference,
        createdAt: this.deps.clock.now(),
      });
      if (!row) {
        const existing = await repo.transactionByKey(input.idempotencyKey);
        if (!existing) throw new Error(`ledger transaction ${input.idempotencyKey} vanished`);
        const existingEntries = await repo.entriesOf(existing.id);
        if (existing.kind !== input.kind || existing.reference !== reference || !sameLines(existingEntries, lines))
          throw new LedgerError('idempotency_conflict', `key ${input.idempotencyKey} was used for another transaction`);
        return { view: toTransactionView(existing, existingEntries, true), wallets: [] };
      }
      await repo.insertEntries(row.id, lines);
      const wallets = await applyLines(repo, lines);
      return { view: toTransactionView(row, lines, false), wallets };
    });
  }

  /** Credits a user's wallet from payment clearing (a recharge), once per idempotency key. */
  async credit(input: CreditInput): Promise<LedgerTransactionView> {
    assertCoins(input.amount);
    return this.record({
      kind: input.kind ?? 'recharge',
      idempotencyKey: input.idempotencyKey,
      ...(input.reference === undefined ? {} : { reference: input.reference }),
      entries: [
        { account: PAYMENT_CLEARING, amount: -input.amount },
        { account: walletOf(input.userId), amount: input.amount },
      ],
    });
  }

  /** Moves coins between two accounts (e.g. earnings → cash-out clearing), once per idempotency key. */
  async transfer(input: TransferInput): Promise<LedgerTransactionView> {
    assertCoins(input.amount);
    return this.record({
      kind: input.kind,
      idempotencyKey: input.idempotencyKey,
      ...(input.reference === undefined ? {} : { reference: input.reference }),
      entries: [
        { account: input.from, amount: -input.amount },
        { account: input.to, amount: input.amount },
      ],
    });
  }

  /**
   * Sets coins aside on a user's wallet or earnings until posted or voided. Throws
   * AppError('insufficient_balance') when fewer coins are available (nothing is recorded then, so the
   * key may be used again). The same key returns the hold it placed, in whatever state it is now.
   */
  async hold(input: HoldInput): Promise<HoldView> {
    const { account } = input;
    if (!isUserAccount(account)) throw new LedgerError('invalid_entries', 'only users’ accounts take holds');
    assertCoins(input.amount);
    assertIdempotencyKey(input.idempotencyKey);
    const now = this.deps.clock.now();
    if (!(input.expiresAt.getTime() > now.getTime()))
      throw new LedgerError('invalid_amount', 'a hold must expire in the future');
    const accountId = await this.accounts.of(account);
    const reference = input.reference ?? '';
    return this.atomically(async (repo) => {
      const hold = await repo.insertHold({
        ...(input.id === undefined ? {} : { id: input.id }),
        accountId,
        amount: input.amount,
        idempotencyKey: input.idempotencyKey,
        reference,
        createdAt: now,
        expiresAt: input.expiresAt,
      });
      if (!hold) {
        const existing = await repo.holdByKey(input.idempotencyKey);
        if (!existing) throw new Error(`ledger hold ${input.idempotencyKey} vanished`);
        if (existing.accountId !== accountId || existing.amount !== input.amount || existing.reference !== reference)
          throw new LedgerError('idempotency_conflict', `key ${input.idempotencyKey} was used for another hold`);
        return { view: toHoldView(existing, account, true), wallets: [] };
      }
      const updated = await repo.adjust(accountId, 0, input.amount);
      if (!updated) throw new AppError('insufficient_balance');
      const wallets: number[] = [];
      await showWallet(repo, updated, wallets);
      return { view: toHoldView(hold, account, false), wallets };
    });
  }

  /**
   * Posts a pending hold: one transaction debits the held account by the charged amount and credits
   * `credits`; the hold becomes posted and releases what was not charged. Posting a posted hold returns
   * its transaction (replayed); a voided hold is refused (LedgerError 'hold_voided').
   */
  async postHold(input: PostHoldInput): Promise<LedgerTransactionView> {
    if (input.amount !== undefined) assertCoins(input.amount);
    for (const c of input.credits) assertCoins(c.amount, 'a credit');
    const credits: { ref: AccountRef; accountId: number; amount: number }[] = [];
    for (const c of input.credits)
      credits.push({ ref: c.account, accountId: await this.accounts.of(c.account), amount: c.amount });
    return this.atomically(async (repo) => {
      const hold = await repo.lockHold(input.holdId);
      if (!hold) throw new LedgerError('hold_not_found', `no hold ${input.holdId}`);
      if (hold.status === 'posted') return { view: await postedTransaction(repo, hold), wallets: [] };
      if (hold.status === 'voided') throw new LedgerError('hold_voided', `hold ${hold.id} was voided`);
      const charged = input.amount ?? hold.amount;
      if (charged > hold.amount)
        throw new LedgerError('invalid_amount', `cannot charge ${String(charged)} on a hold of ${String(hold.amount)}`);
      if (credits.some((c) => c.accountId === hold.accountId))
        throw new LedgerError('invalid_entries', 'a hold cannot be posted to its own account');
      const holdRef = toAccountRef(hold.account.kind, hold.account.userId);
      const entries = normalizeEntries([
        { account: holdRef, amount: -charged },
        ...credits.map((c) => ({ account: c.ref, amount: c.amount })),
      ]);
      const row = await repo.insertTransaction({
        kind: input.kind,
        idempotencyKey: `${HOLD_KEY_PREFIX}${hold.id}`,
        reference: hold.reference,
        createdAt: this.deps.clock.now(),
      });
      if (!row) throw new Error(`ledger hold ${hold.id} already has a posting`);
      const ids = new Map(credits.map((c) => [accountKey(c.ref), c.accountId]));
      ids.set(accountKey(holdRef), hold.accountId);
      const lines: EntryRow[] = entries.map((e) => ({
        accountId: ids.get(accountKey(e.account)) ?? 0,
        kind: e.account.kind,
        userId: userIdOf(e.account),
        amount: e.amount,
      }));
      // The rows nobody else writes first; the accounts (shared ones last, see lockOrder) at the end.
      await repo.insertEntries(row.id, lines);
      await repo.settleHold(hold.id, 'posted', this.deps.clock.now(), row.id);
      const wallets = await applyLines(repo, lines, { accountId: hold.accountId, amount: hold.amount });
      return { view: toTransactionView(row, lines, false), wallets };
    });
  }

  /**
   * Voids a pending hold: its coins are available again; no entries. Voiding a voided hold returns it
   * (replayed); a posted hold is refused (LedgerError 'hold_posted').
   */
  async voidHold(holdId: string): Promise<HoldView> {
    return this.atomically(async (repo) => {
      const hold = await repo.lockHold(holdId);
      if (!hold) throw new LedgerError('hold_not_found', `no hold ${holdId}`);
      const ref = toAccountRef(hold.account.kind, hold.account.userId);
      if (hold.status === 'voided') return { view: toHoldView(hold, ref, true), wallets: [] };
      if (hold.status === 'posted') throw new LedgerError('hold_posted', `hold ${hold.id} was posted`);
      const updated = await repo.adjust(hold.accountId, 0, -hold.amount);
      if (!updated) throw new Error(`releasing hold ${hold.id} failed`);
      const wallets: number[] = [];
      await showWallet(repo, updated, wallets);
      const voided = await repo.settleHold(hold.id, 'voided', this.deps.clock.now(), null);
      return { view: toHoldView(voided, ref, false), wallets };
    });
  }

  /** Voids every pending hold past its expiry (run periodically); returns how many it voided. */
  async voidExpiredHolds(now: Date = this.deps.clock.now()): Promise<number> {
    const batch = 100;
    let voided = 0;
    for (;;) {
      const ids = await this.deps.ledger.expiredHoldIds(now, batch);
      let progressed = false;
      for (const id of ids) {
        try {
          if (!(await this.voidHold(id)).replayed) voided++;
          progressed = true;
        } catch (error) {
          // Posted in the meantime (its device answered): nothing to release.
          if (!(error instanceof LedgerError && error.code === 'hold_posted')) throw error;
        }
      }
      if (ids.length < batch || !progressed) return voided;
    }
  }

  async holdById(id: string): Promise<HoldView | undefined> {
    const hold = await this.deps.ledger.holdById(id);
    if (!hold) return undefined;
    const account = await this.deps.ledger.accountById(hold.accountId);
    if (!account) return undefined;
    return toHoldView(hold, toAccountRef(account.kind, account.userId), false);
  }

  /** A user's wallet and earnings (zeros when the account does not exist yet). */
  async balances(userId: number): Promise<{ wallet: Balance; earnings: Balance }> {
    const accounts = await this.deps.ledger.accountsOf(userId);
    return {
      wallet: toBalance(accounts.find((a) => a.kind === 'user_wallet')),
      earnings: toBalance(accounts.find((a) => a.kind === 'operator_earnings')),
    };
  }

  /** Any account's balance (zeros when it does not exist yet), e.g. platform revenue for the console. */
  async balanceOf(account: AccountRef): Promise<Balance> {
    return toBalance(await this.deps.ledger.findAccount(account));
  }

  /** Recomputes every balance from the entries and checks the ledger's rules (see checkLedger). */
  async checkInvariants(now: Date = this.deps.clock.now()): Promise<InvariantReport> {
    return this.deps.audit.snapshot((audit) => checkLedger(audit, now));
  }
}
