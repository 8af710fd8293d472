import type {
  Locale,
  PayRequestData,
  PaymentOrder,
  PaymentOrderListBody,
  PaymentOrderListData,
  PaymentProviderName,
  RechargeBody,
  RechargePackageSchema,
} from '@petheart/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { retryAfterSeconds, type RateLimiter } from '../../lib/rate-limit/limiter';
import { DEFAULT_EXPIRY_SWEEP_MS, OrderExpiry } from './expiry';
import { DEFAULT_ORDER_TTL_MS, newOrderNo, rechargeDescription } from './policy';
import { toPaymentOrder } from './presenter';
import {
  ANSWER_OK,
  LOGGED_BODY_MAX,
  loggedHeaders,
  rejectedAnswer,
  type NotifyAnswer,
  type NotifyOutcome,
} from './notify-answer';
import { NotificationRejected, type IncomingNotification, type PaymentEvent, type PaymentProvider } from './provider';
import type { OrderRow, PaymentRepository } from './repository';

/**
 * The port a recharge is credited through (the ledger, wired in container.ts). It runs INSIDE the
 * transaction that marks the order paid: both commit, or neither does (the provider then repeats the
 * notification). It must be idempotent per order as well.
 */
export interface RechargeCrediting {
  creditRecharge(tx: Database, credit: { userId: number; coins: number; orderNo: string }): Promise<void>;
}

/**
 * The port a paid help-pay order is credited through (the support module, wired in container.ts): it runs
 * INSIDE the transaction that marks the order paid, like RechargeCrediting, and must be idempotent per order.
 */
export interface HelpPayCrediting {
  creditHelpPay(tx: Database, order: OrderRow): Promise<void>;
}

/** An order to place with the provider (a recharge, or a help-pay made by the support module). */
export interface NewOrderSpec {
  purpose: OrderRow['purpose'];
  /** The recharge package, or the support item (help-pay). */
  packageId: number;
  rescueStationId?: number | null;
  /** Smallest currency unit (fen), > 0. */
  amount: number;
  /** Coins credited when paid: to the wallet (recharge) or to the support fund (help-pay). */
  coins: number;
  /** What the provider shows the payer. */
  description: string;
  openid: string | undefined;
}

export interface PaymentServiceDeps {
  orders: PaymentRepository;
  /** The configured provider (PAYMENT_PROVIDER). */
  provider: PaymentProvider;
  crediting: RechargeCrediting;
  /** Credits paid help-pay orders (without it they are only marked paid). */
  helpPay?: HelpPayCrediting;
  /** The recharge packages on sale (config recharge_packages). */
  packages: () => Promise<z.infer<typeof RechargePackageSchema>[]>;
  /** New orders per user. */
  limiter: RateLimiter;
  clock: Clock;
  currency: string;
  /** A recharge order still unpaid this long is closed (PAYMENT_ORDER_TTL_MINUTES; default 30 minutes). */
  orderTtlMs?: number;
  /** How often the expiry sweep runs while the app does (default 1 minute). */
  expirySweepMs?: number;
  /** After a commit that credited an order (e.g. drop the user's cached userinfo). */
  onCredited?: (order: OrderRow) => void;
  onError?: (error: unknown) => void;
}

/**
 * Payment orders (decision 010): a recharge creates an order and places it with the provider; the
 * provider's notification is verified and settles the order exactly once — created → paid by a
 * conditional UPDATE in the same transaction as the credit — however often, in whatever order and
 * however concurrently it arrives. A forged notification or a wrong amount credits nothing. A recharge
 * left unpaid is closed after orderTtlMs (OrderExpiry); a payment for it that still comes is credited.
 */
export class PaymentService {
  private readonly expiry: OrderExpiry;
  private readonly creditedListeners = new Set<(order: OrderRow) => void>();

  constructor(private readonly deps: PaymentServiceDeps) {
    this.expiry = new OrderExpiry({
      orders: deps.orders,
      clock: deps.clock,
      ttlMs: deps.orderTtlMs ?? DEFAULT_ORDER_TTL_MS,
      intervalMs: deps.expirySweepMs ?? DEFAULT_EXPIRY_SWEEP_MS,
      onError: (error) => deps.onError?.(error),
    });
  }

  /** Listens to orders credited (recharges, help-pay), after each one's transaction committed; returns the unsubscribe. */
  onOrderCredited(listener: (order: OrderRow) => void): () => void {
    this.creditedListeners.add(listener);
    return () => this.creditedListeners.delete(listener);
  }

  get providerName(): PaymentProviderName {
    return this.deps.provider.name;
  }

  /** POST /api/balance/Recharge: an order for a recharge package, placed with the provider. */
  async recharge(userId: number, body: RechargeBody, locale: Locale): Promise<PayRequestData> {
    const pkg = (await this.deps.packages()).find((p) => p.id === body.id);
    const coins = pkg ? pkg.coins + pkg.bonus : 0;
    if (!pkg || pkg.price <= 0 || coins <= 0) throw new AppError('payment_package_not_found');
    return this.placeOrder(
      userId,
      {
        purpose: 'recharge',
        packageId: pkg.id,
        amount: pkg.price,
        coins,
        description: rechargeDescription(coins, locale),
        openid: body.openid,
      },
      locale,
    );
  }

  /**
   * Inserts an order and places it with the provider (the one path of every payment): the openid check, the
   * per-user limit, then the provider; a provider that fails marks the order failed (payment_failed).
   */
  async placeOrder(userId: number, spec: NewOrderSpec, locale: Locale): Promise<PayRequestData> {
    const { provider, clock } = this.deps;
    const openid = spec.openid?.trim() ?? '';
    if (provider.needsOpenid && !openid) throw new AppError('payment_open_in_wechat');
    const decision = await this.deps.limiter.consume(userId);
    if (!decision.allowed) throw new AppError('rate_limited', {}, retryAfterSeconds(decision));

    const now = clock.now();
    const order = await this.deps.orders.insertOrder({
      orderNo: newOrderNo(now),
      userId,
      purpose: spec.purpose,
      packageId: spec.packageId,
      rescueStationId: spec.rescueStationId ?? null,
      amount: spec.amount,
      coins: spec.coins,
      currency: this.deps.currency,
      provider: provider.name,
      payerId: openid || null,
      createdAt: now,
      updatedAt: now,
    });
    try {
      const placed = await provider.place({
        orderNo: order.orderNo,
        amount: order.amount,
        currency: order.currency,
        description: spec.description,
        openid: openid || undefined,
        locale,
      });
      return { order_no: order.orderNo, amount: order.amount, coins: order.coins, currency: order.currency, ...placed };
    } catch (error) {
      this.deps.onError?.(error);
      await this.deps.orders.finish(order.id, 'failed', 'place_failed', clock.now());
      throw new AppError('payment_failed');
    }
  }

  /** POST /api/balance/orders: the user's orders, newest first. */
  async history(userId: number, query: PaymentOrderListBody): Promise<PaymentOrderListData> {
    const { page, limit } = query;
    await this.expiry.closeOf(userId);
    const { rows, total } = await this.deps.orders.listByUser(
      userId,
      { purpose: query.purpose, status: query.status },
      page,
      limit,
    );
    return { list: rows.map(toPaymentOrder), total, page, limit };
  }

  /** POST /api/balance/order: one of the user's orders (another user's is not found). */
  async order(userId: number, orderNo: string): Promise<PaymentOrder> {
    const row = await this.deps.orders.byOrderNo(orderNo);
    if (!row || row.userId !== userId) throw new AppError('order_not_found');
    return toPaymentOrder(await this.expiry.current(row));
  }

  /** One pass of the expiry (OrderExpiry): closes every recharge order left unpaid; how many it closed. */
  sweepExpired(): Promise<number> {
    return this.expiry.sweep();
  }

  /** Closes what expired while no process ran, then sweeps every expirySweepMs (while the app runs). */
  start(): Promise<void> {
    return this.expiry.start();
  }

  /** Stops the sweeps and waits for one under way. */
  stop(): Promise<void> {
    return this.expiry.stop();
  }

  /**
   * A provider's notification: verified, logged, and settled in one transaction. Answers 2xx when it is
   * done with (including repeats, and authentic ones that change nothing), 401 when it cannot be trusted.
   */
  async notify(provider: PaymentProviderName, incoming: IncomingNotification): Promise<NotifyAnswer | undefined> {
    if (provider !== this.deps.provider.name) return undefined;
    const receivedAt = this.deps.clock.now();
    const log = {
      provider,
      headers: loggedHeaders(incoming),
      body: incoming.body.slice(0, LOGGED_BODY_MAX),
      receivedAt,
    };
    let event: PaymentEvent;
    try {
      event = this.deps.provider.verify(incoming);
    } catch (error) {
      if (!(error instanceof NotificationRejected)) throw error;
      await this.deps.orders.logNotification({
        ...log,
        eventId: null,
        orderNo: null,
        verified: false,
        outcome: error.reason,
      });
      return rejectedAnswer(error.reason);
    }
    const { outcome, order } = await this.deps.orders.transaction(async (repo, tx) => {
      const settled = await this.settle(repo, tx, event);
      await repo.logNotification({
        ...log,
        eventId: event.eventId,
        orderNo: event.orderNo,
        verified: true,
        outcome: settled.outcome,
      });
      return settled;
    });
    if ((outcome === 'credited' || outcome === 'credited_after_expiry') && order) {
      this.deps.onCredited?.(order);
      for (const listener of this.creditedListeners) listener(order);
    }
    return ANSWER_OK;
  }

  /** Applies a verified event to its order (inside the caller's transaction). */
  private async settle(
    repo: PaymentRepository,
    tx: Database,
    event: PaymentEvent,
  ): Promise<{ outcome: NotifyOutcome; order?: OrderRow }> {
    const now = this.deps.clock.now();
    const order = await repo.lockByOrderNo(event.orderNo);
    if (!order || order.provider !== this.deps.provider.name) return { outcome: 'unknown_order' };
    if (event.kind === 'ignored') return { outcome: 'ignored' };
    if (event.kind === 'closed') {
      const closed = await repo.finish(order.id, 'closed', 'closed_by_provider', now);
      return { outcome: closed ? 'closed' : `after_${order.status}` };
    }
    if (event.amount !== order.amount || event.currency !== order.currency) {
      // Authentic but not what was asked: flag the order, credit nothing (an operator looks at it).
      await repo.finish(order.id, 'failed', 'amount_mismatch', now);
      this.deps.onError?.(
        new Error(
          `payment ${order.orderNo}: paid ${String(event.amount)} ${event.currency}, asked ${String(order.amount)} ${order.currency}`,
        ),
      );
      return { outcome: 'amount_mismatch' };
    }
    const paid = await repo.markPaid(order.id, {
      transactionId: event.transactionId,
      payerId: event.payerId,
      paidAt: event.paidAt ?? now,
      now,
    });
    // Not payable any more (the row lock makes this read current): a repeat, or too late.
    if (!paid) return { outcome: order.status === 'paid' ? 'duplicate' : `after_${order.status}` };
    // Paid from 'closed': the order had expired unpaid, but the payer did pay (credited all the same).
    const credited = order.status === 'closed' ? 'credited_after_expiry' : 'credited';
    if (paid.purpose === 'recharge') {
      await this.deps.crediting.creditRecharge(tx, { userId: paid.userId, coins: paid.coins, orderNo: paid.orderNo });
      return { outcome: credited, order: paid };
    }
    if (this.deps.helpPay) {
      await this.deps.helpPay.creditHelpPay(tx, paid);
      return { outcome: credited, order: paid };
    }
    return { outcome: 'paid', order: paid };
  }
}
