import type { Clock } from '../../lib/clock';
import { Periodic } from '../../lib/periodic';
import { EXPIRED_REASON, isExpired } from './policy';
import type { OrderRow, PaymentRepository } from './repository';

/** How often the sweep runs while the app does (a user's own reads close their orders on the spot). */
export const DEFAULT_EXPIRY_SWEEP_MS = 60_000;

export interface OrderExpiryDeps {
  orders: Pick<PaymentRepository, 'closeExpired' | 'finish' | 'byOrderNo'>;
  clock: Clock;
  /** A recharge order still unpaid this long after it was made is closed (PAYMENT_ORDER_TTL_MINUTES). */
  ttlMs: number;
  intervalMs: number;
  onError: (error: unknown) => void;
}

/**
 * Closes recharge orders left unpaid (issue 25 §6): 'created' for ttlMs → 'closed' (EXPIRED_REASON). A sweep
 * closes them now and every intervalMs while the app runs, one pass at a time, with one conditional UPDATE
 * (safe in every API process at once; an order paid meanwhile stays paid); a user's reads close theirs on the
 * spot, so what they see never waits for a sweep. A payment notification for an expired order still credits it,
 * once (PaymentRepository.markPaid).
 */
export class OrderExpiry {
  private readonly passes: Periodic;

  constructor(private readonly deps: OrderExpiryDeps) {
    this.passes = new Periodic(() => this.sweep(), deps.intervalMs, deps.onError);
  }

  private cutoff(now: Date): Date {
    return new Date(now.getTime() - this.deps.ttlMs);
  }

  /** One pass over every user's orders: how many it closed. */
  sweep(): Promise<number> {
    const now = this.deps.clock.now();
    return this.deps.orders.closeExpired(this.cutoff(now), now);
  }

  /** Closes one user's expired orders (before their history is read). */
  closeOf(userId: number): Promise<number> {
    const now = this.deps.clock.now();
    return this.deps.orders.closeExpired(this.cutoff(now), now, userId);
  }

  /** The order as it is now: closed first when it is due (it stays as read when a payment settled it meanwhile). */
  async current(order: OrderRow): Promise<OrderRow> {
    const now = this.deps.clock.now();
    if (!isExpired(order, now, this.deps.ttlMs)) return order;
    const closed = await this.deps.orders.finish(order.id, 'closed', EXPIRED_REASON, now);
    return closed ?? (await this.deps.orders.byOrderNo(order.orderNo)) ?? order;
  }

  /** Sweeps now (closing what expired while no process ran), then every intervalMs. */
  start(): Promise<void> {
    return this.passes.start();
  }

  /** Stops the passes and waits for one under way. */
  stop(): Promise<void> {
    return this.passes.stop();
  }
}
