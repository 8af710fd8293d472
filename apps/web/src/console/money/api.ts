import { useMemo } from 'react';
import { adminMoneyConsoleEndpoints as money, feedConsoleEndpoints as feed } from '@petheart/contracts';
import { useApi, type ApiClient } from '../../shared/api';

/** The money area's paged lists, for useConsoleList (console/shared), which calls them page by page. */
export const moneyLists = {
  payments: money.paymentList,
  freeFood: feed.free,
  transactions: money.ledgerTransactions,
  accounts: money.ledgerAccounts,
};

/** The money area's calls (adminMoneyConsoleEndpoints): a payment order and the ledger's invariant check. */
export function moneyApi(api: ApiClient) {
  return {
    payment: (orderNo: string) => api.call(money.paymentDetail, { order_no: orderNo }),
    /** The checker's latest result; silent. */
    ledgerCheck: () => api.call(money.ledgerCheck, undefined, { silent: true }),
    runLedgerCheck: () => api.call(money.ledgerCheckRun, undefined, { task: 'ledgerCheck' }),
  };
}
export type MoneyApi = ReturnType<typeof moneyApi>;

/** The area's calls through the app's API client. */
export function useMoneyApi(): MoneyApi {
  const client = useApi();
  return useMemo(() => moneyApi(client), [client]);
}
