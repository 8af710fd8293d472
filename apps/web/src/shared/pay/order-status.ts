import type { PaymentOrderStatus } from '@petheart/contracts';

/**
 * What a paying page (the wallet, the order confirmation) shows for the order it came back with
 * (`?order_no=`): waiting for the provider's notification, one of the final statuses, gave up waiting, or no
 * such order of this user.
 */
export type OrderPhase = 'pending' | 'paid' | 'failed' | 'closed' | 'timeout' | 'not_found';

/** Stop asking after this long: the history shows the order's status when it settles later. */
export const POLL_GIVE_UP_MS = 120_000;

/** Whether an order status is final (decision 010: paid, failed and closed never change). */
export function isFinal(status: PaymentOrderStatus): status is 'paid' | 'failed' | 'closed' {
  return status === 'paid' || status === 'failed' || status === 'closed';
}

/** The next poll after `elapsedMs` of waiting: every second at first (the sandbox answers at once), then slower. */
export function pollDelay(elapsedMs: number): number {
  if (elapsedMs < 10_000) return 1_000;
  if (elapsedMs < 30_000) return 2_000;
  return 5_000;
}

/**
 * One poll's outcome: the phase to show and, while the order is still open, when to ask again
 * (undefined = stop). `status` is undefined when the poll itself failed (network): keep trying.
 */
export function pollStep(
  status: PaymentOrderStatus | undefined,
  elapsedMs: number,
): { phase: OrderPhase; nextInMs?: number } {
  if (status && isFinal(status)) return { phase: status };
  if (elapsedMs >= POLL_GIVE_UP_MS) return { phase: 'timeout' };
  return { phase: 'pending', nextInMs: pollDelay(elapsedMs) };
}
