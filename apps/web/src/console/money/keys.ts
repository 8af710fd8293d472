/** The money area's TanStack Query keys (the ledger check's answer to "Run now" is written into `ledgerCheck`). */
export const moneyKeys = {
  payments: (request: unknown) => ['admin', 'payments', request] as const,
  payment: (orderNo: string) => ['admin', 'payment', orderNo] as const,
  transactions: (request: unknown) => ['admin', 'ledger', 'transactions', request] as const,
  accounts: (request: unknown) => ['admin', 'ledger', 'accounts', request] as const,
  ledgerCheck: ['admin', 'ledger', 'check'] as const,
  freeFood: (request: unknown) => ['admin', 'free-food', request] as const,
};
