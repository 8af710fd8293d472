import { createHmac } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PaymentOrderStatus, PaymentProviderName } from '@petheart/contracts';
import type { Clock } from '../../../lib/clock';
import { hmac, hmacVerify, nonceStr, responseMessage } from '../signatures';
import { SANDBOX_HEADERS, sandboxPageMessage, type SandboxKeys, type SandboxNotification } from './sandbox';

/** What the sandbox's payment page shows of an order. */
export interface SandboxOrderView {
  orderNo: string;
  amount: number;
  coins: number;
  currency: string;
  status: PaymentOrderStatus;
  provider: PaymentProviderName;
}

export interface SandboxPayerDeps {
  keys: SandboxKeys;
  /** Where notifications go: PUBLIC_URL/api/payment/notify/sandbox. */
  notifyUrl: string;
  orders: { find(orderNo: string): Promise<SandboxOrderView | undefined> };
  clock: Clock;
  /** Delays (ms, from the payer's decision) of the repeated deliveries of one notification. */
  repeats?: number[];
  /** Waits (ms) before each retry of a delivery answered with a non-2xx status, or not at all. */
  retries?: number[];
  /** Gives up on one delivery after this long (ms). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  onError?: (error: unknown) => void;
}

export type PayerDecision = 'pay' | 'cancel';
/** sent = the notification is on its way; otherwise why nothing was sent. */
export type PayerResult = 'sent' | 'invalid' | 'not_found' | 'paid' | 'closed' | 'failed';

/**
 * The sandbox provider's own side: it plays the payer behind the sandbox payment page and, like a real
 * provider, sends signed notifications to the API over HTTP: each several times (`repeats`), and again
 * after a non-2xx answer or a network failure (`retries`).
 */
export class SandboxPayer {
  private readonly pending = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  private readonly repeats: number[];
  private readonly retries: number[];

  constructor(private readonly deps: SandboxPayerDeps) {
    this.repeats = deps.repeats ?? [0, 500, 2_000];
    this.retries = deps.retries ?? [1_000, 5_000, 15_000, 60_000];
    // Every delivery waiting for its turn listens on this one signal (and stops listening when it goes): as
    // many listeners as deliveries under way, not a leak.
    setMaxListeners(0, this.abort.signal);
  }

  /** Whether `token` is the page token of the order. */
  validToken(orderNo: string, token: string | undefined): boolean {
    return token !== undefined && hmacVerify(this.deps.keys.page, sandboxPageMessage(orderNo), token);
  }

  /** The order behind a page address; 'invalid' for a wrong token or another provider's order. */
  async view(orderNo: string, token: string | undefined): Promise<SandboxOrderView | 'invalid' | 'not_found'> {
    if (!this.validToken(orderNo, token)) return 'invalid';
    const order = await this.deps.orders.find(orderNo);
    if (!order) return 'not_found';
    return order.provider === 'sandbox' ? order : 'invalid';
  }

  /** The payer pays or cancels: the notification goes out (nothing when the order is no longer open). */
  async decide(orderNo: string, token: string | undefined, decision: PayerDecision): Promise<PayerResult> {
    const order = await this.view(orderNo, token);
    if (typeof order === 'string') return order;
    if (order.status !== 'created') return order.status;
    this.send(this.notificationFor(order, decision));
    return 'sent';
  }

  /** The notification of a decision: the same id and transaction on every repeat. */
  notificationFor(order: Pick<SandboxOrderView, 'orderNo' | 'amount' | 'currency'>, decision: PayerDecision) {
    const paid = decision === 'pay';
    const txn = createHmac('sha256', this.deps.keys.page).update(`txn:${order.orderNo}`).digest('hex');
    const notification: SandboxNotification = {
      id: `SBX-${paid ? 'PAID' : 'CANCELLED'}-${order.orderNo}`,
      event_type: paid ? 'PAYMENT.SUCCESS' : 'PAYMENT.CANCELLED',
      order_no: order.orderNo,
      transaction_id: `SBX${txn.slice(0, 28).toUpperCase()}`,
      amount: order.amount,
      currency: order.currency,
      paid_at: paid ? this.deps.clock.now().toISOString() : null,
    };
    return notification;
  }

  /** Signs a body as a delivery: headers (timestamp, nonce, HMAC) and the body. */
  sign(body: string, at: Date = this.deps.clock.now()): { headers: Record<string, string>; body: string } {
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const nonce = nonceStr();
    return {
      headers: {
        'content-type': 'application/json',
        [SANDBOX_HEADERS.timestamp]: timestamp,
        [SANDBOX_HEADERS.nonce]: nonce,
        [SANDBOX_HEADERS.signature]: hmac(this.deps.keys.notify, responseMessage(timestamp, nonce, body)),
      },
      body,
    };
  }

  /** Sends a notification on the repeat schedule (each delivery retried until answered with 2xx). */
  send(notification: SandboxNotification): void {
    const body = JSON.stringify(notification);
    for (const delay of this.repeats) this.track(this.deliverAfter(delay, body));
  }

  /** Resolves when every delivery so far has been answered or given up. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Stops every pending delivery (the app is closing). */
  close(): void {
    this.abort.abort();
  }

  private isClosed(): boolean {
    return this.abort.signal.aborted;
  }

  private track(work: Promise<void>) {
    const tracked = work.finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  private async deliverAfter(delay: number, body: string): Promise<void> {
    try {
      if (delay > 0) await sleep(delay, undefined, { signal: this.abort.signal, ref: false });
      for (let attempt = 0; ; attempt++) {
        if (await this.deliver(body)) return;
        const wait = this.retries[attempt];
        if (wait === undefined) return;
        await sleep(wait, undefined, { signal: this.abort.signal, ref: false });
      }
    } catch (error) {
      if (!this.isClosed()) this.deps.onError?.(error);
    }
  }

  /** One delivery, signed now; true when the API answered 2xx. */
  private async deliver(body: string): Promise<boolean> {
    if (this.isClosed()) return true;
    const signed = this.sign(body);
    try {
      const response = await (this.deps.fetch ?? fetch)(this.deps.notifyUrl, {
        method: 'POST',
        headers: signed.headers,
        body: signed.body,
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(this.deps.timeoutMs ?? 10_000)]),
      });
      await response.arrayBuffer();
      return response.ok;
    } catch (error) {
      if (!this.isClosed()) this.deps.onError?.(error);
      return false;
    }
  }
}
