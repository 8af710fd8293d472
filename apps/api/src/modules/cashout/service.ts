import { randomUUID } from 'node:crypto';
import type { CashoutApplyBodySchema } from '@petheart/contracts';
import {
  cashoutQuote,
  cashoutStateOf,
  type Cashout,
  type CashoutConfig,
  type CashoutDetail,
  type CashoutLogBody,
  type CashoutLogData,
  type CashoutRules,
} from '@petheart/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { formatMoney } from '../../lib/money';
import { earningsOf } from '../ledger/policy';
import type { Balance } from '../ledger/presenter';
import type { LedgerService } from '../ledger/service';
import type { OperatorGate } from '../manage/gate';
import type { CardCipher } from './card-cipher';
import type { CashoutMover } from './mover';
import { toCashout, toCashoutEvent } from './presenter';
import type { CashoutRepository, CashoutRow } from './repository';

type ApplyBody = z.output<typeof CashoutApplyBodySchema>;

/**
 * A cash-out's hold never expires by itself (the ledger's sweeper voids expired holds): only the cash-out's
 * own end releases or pays it.
 */
export const CASHOUT_HOLD_EXPIRY = new Date('9999-12-31T00:00:00Z');

export interface CashoutServiceDeps {
  repo: CashoutRepository;
  gate: OperatorGate;
  cipher: CardCipher;
  mover: CashoutMover;
  /** The cash-out settings now (the console edits them). */
  rules: () => Promise<CashoutRules>;
  currency: string;
  /** A ledger working inside the given transaction (joined, no savepoints). */
  ledgerIn: (tx: Database) => LedgerService;
  earnings: (userId: number) => Promise<Balance>;
  clock: Clock;
}

/** A base operator's cash-outs: the rules, requests (held from earnings at once), the log, claiming. */
export class CashoutService {
  constructor(private readonly deps: CashoutServiceDeps) {}

  async config(userId: number): Promise<CashoutConfig> {
    await this.deps.gate.require(userId);
    const [rules, earnings] = await Promise.all([this.deps.rules(), this.deps.earnings(userId)]);
    return {
      ...rules,
      currency: this.deps.currency,
      available_coins: earnings.available,
      available_amount: earnings.available * rules.coin_value,
    };
  }

  /**
   * Requests a cash-out: in one database transaction the row claims the user's idempotency key and the
   * coins are held on their earnings (refused as a whole when fewer are available). The same key again
   * answers the first request (when it asked the same); with other details it is refused.
   */
  async apply(userId: number, body: ApplyBody): Promise<{ cashout: Cashout; replayed: boolean }> {
    await this.deps.gate.require(userId);
    const earlier = await this.deps.repo.byKey(userId, body.idempotency_key);
    if (earlier) return { cashout: this.sameRequest(earlier, body), replayed: true };
    const rules = await this.deps.rules();
    const quote = cashoutQuote(body.amount, rules);
    const money = (fen: number) => formatMoney(fen, this.deps.currency);
    switch (quote.problem) {
      case null:
        break;
      case 'step':
        throw new AppError('cashout_amount_step', { step: money(rules.coin_value) });
      case 'below_minimum':
        throw new AppError('cashout_below_minimum', { min: money(rules.min_amount) });
      case 'fee_exceeds_amount':
        throw new AppError('cashout_fee_exceeds_amount');
      case 'invalid':
        throw new AppError('validation_failed');
    }
    const now = this.deps.clock.now();
    const sealed = this.deps.cipher.encrypt(body.code, userId);
    try {
      return await this.deps.repo.transaction(async (repo, tx) => {
        const row = await repo.insert({
          userId,
          idempotencyKey: body.idempotency_key,
          amount: quote.amount,
          fee: quote.fee,
          netAmount: quote.net_amount,
          coins: quote.coins,
          feeCoins: quote.fee_coins,
          coinValue: rules.coin_value,
          currency: this.deps.currency,
          bank: body.bank,
          holderName: body.name,
          mobile: body.mobile,
          cardCipher: sealed,
          cardLast4: body.code.slice(-4),
          createdAt: now,
          updatedAt: now,
        });
        if (!row) {
          // The same key, sent at the same moment: that request committed first (the unique index waited).
          const first = await repo.byKey(userId, body.idempotency_key);
          if (!first) throw new Error('cash-out key taken but no row');
          return { cashout: this.sameRequest(first, body), replayed: true };
        }
        const hold = await this.deps.ledgerIn(tx).hold({
          id: randomUUID(),
          account: earningsOf(userId),
          amount: quote.coins,
          idempotencyKey: `cashout:${String(row.id)}`,
          reference: `cashout:${String(row.id)}`,
          expiresAt: CASHOUT_HOLD_EXPIRY,
        });
        const held = await repo.setHold(row.id, hold.id);
        await repo.insertEvent({
          cashoutId: row.id,
          fromStatus: null,
          toStatus: 'applying',
          actorRole: 'operator',
          actorId: userId,
          note: '',
          createdAt: now,
        });
        return { cashout: toCashout(held), replayed: false };
      });
    } catch (error) {
      if (!(error instanceof AppError && error.id === 'insufficient_balance')) throw error;
      const { available } = await this.deps.earnings(userId);
      throw new AppError('cashout_insufficient_earnings', { available: money(available * rules.coin_value) });
    }
  }

  /** The earlier request of a reused key, when it asked the same; else cashout_key_reused. */
  private sameRequest(row: CashoutRow, body: ApplyBody): Cashout {
    const same =
      row.amount === body.amount &&
      row.bank === body.bank &&
      row.holderName === body.name &&
      row.mobile === body.mobile &&
      row.cardLast4 === body.code.slice(-4) &&
      this.deps.cipher.decrypt(row.cardCipher, row.userId) === body.code;
    if (!same) throw new AppError('cashout_key_reused');
    return toCashout(row);
  }

  async log(userId: number, q: CashoutLogBody): Promise<CashoutLogData> {
    await this.deps.gate.require(userId);
    const { rows, total } = await this.deps.repo.listOf(userId, {
      page: q.page,
      limit: q.limit,
      status: q.status === undefined ? undefined : cashoutStateOf(q.status),
    });
    return { list: rows.map(toCashout), total, page: q.page, limit: q.limit };
  }

  /** One of the user's own cash-outs with its history (another's answers not_found). */
  async detail(userId: number, id: number): Promise<CashoutDetail> {
    await this.deps.gate.require(userId);
    const row = await this.deps.repo.byId(id);
    if (row?.userId !== userId) throw new AppError('not_found');
    const events = await this.deps.repo.eventsOf(row.id);
    return { ...toCashout(row), history: events.map(toCashoutEvent) };
  }

  /** The operator confirms they received a transfer that waits to be claimed (2 → 5): the hold is paid out. */
  async claim(userId: number, id: number): Promise<Cashout> {
    await this.deps.gate.require(userId);
    return toCashout(await this.deps.mover.move(id, 'claim', { role: 'operator', userId }, '', userId));
  }
}
