import type {
  ConsoleLedgerAccount,
  ConsoleLedgerTransaction,
  ConsolePaymentOrder,
  PaymentNotificationLog,
} from '@petheart/contracts';
import { toPaymentOrder } from '../payment/presenter';
import { seconds } from '../../lib/time';
import type { ConsoleAccountRow, ConsoleEntryRow, TransactionRow } from './ledger-search';
import type { ConsoleOrderRow, NotificationRow } from './payment-search';

export function toConsoleOrder(r: ConsoleOrderRow): ConsolePaymentOrder {
  return {
    ...toPaymentOrder(r),
    user_id: r.userId,
    user_email: r.userEmail,
    user_nickname: r.userNickname,
    failure_reason: r.failureReason,
    provider_transaction_id: r.providerTransactionId,
    updated_at: seconds(r.updatedAt),
  };
}

export function toNotificationLog(r: NotificationRow): PaymentNotificationLog {
  return {
    id: r.id,
    provider: r.provider,
    event_id: r.eventId,
    verified: r.verified,
    outcome: r.outcome,
    deliveries: r.deliveries,
    headers: r.headers,
    body: r.body,
    received_at: seconds(r.receivedAt),
    last_received_at: seconds(r.lastReceivedAt),
  };
}

/** Transactions with their entries (`entries` may hold other transactions' entries too). */
export function toConsoleTransactions(rows: TransactionRow[], entries: ConsoleEntryRow[]): ConsoleLedgerTransaction[] {
  const byTransaction = new Map<number, ConsoleLedgerTransaction['entries']>();
  for (const e of entries) {
    const list = byTransaction.get(e.transactionId) ?? [];
    list.push({
      account_id: e.accountId,
      account_kind: e.kind,
      user_id: e.userId,
      user_email: e.userEmail,
      amount: e.amount,
    });
    byTransaction.set(e.transactionId, list);
  }
  return rows.map((t) => ({
    id: t.id,
    kind: t.kind,
    idempotency_key: t.idempotencyKey,
    reference: t.reference,
    created_at: seconds(t.createdAt),
    entries: byTransaction.get(t.id) ?? [],
  }));
}

export function toConsoleAccount(r: ConsoleAccountRow): ConsoleLedgerAccount {
  return {
    id: r.id,
    kind: r.kind,
    user_id: r.userId,
    user_email: r.userEmail,
    user_nickname: r.userNickname,
    balance: r.balance,
    held: r.held,
    available: r.balance - r.held,
  };
}
