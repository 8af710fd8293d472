import { useMemo } from 'react';
import { cashoutConsoleEndpoints as cashouts, type CashoutAdminAction, type EndpointInput } from '@petheart/contracts';
import { useApi, type ApiClient } from '../../shared/api';

/** The cash-outs area's paged list, for useConsoleList (console/shared), which calls it page by page. */
export const cashoutsLists = { cashouts: cashouts.list };

/** The cash-outs area's calls (cashoutConsoleEndpoints): one cash-out, its actions and the rules. */
export function cashoutsApi(api: ApiClient) {
  return {
    detail: (id: number) => api.call(cashouts.detail, { id }),
    /** One action on a cash-out: its own endpoint (the note is required for reject and failed). */
    act: (action: CashoutAdminAction, id: number, note: string) =>
      api.call(cashouts[action], { id, note }, { task: 'cashoutAction' }),
    settings: () => api.call(cashouts.settings, undefined),
    updateSettings: (body: EndpointInput<typeof cashouts.settingsUpdate>) =>
      api.call(cashouts.settingsUpdate, body, { task: 'cashoutSettings' }),
  };
}
export type CashoutsApi = ReturnType<typeof cashoutsApi>;

/** The area's calls through the app's API client. */
export function useCashoutsApi(): CashoutsApi {
  const client = useApi();
  return useMemo(() => cashoutsApi(client), [client]);
}
