import { useMemo } from 'react';
import { adminMoneyConsoleEndpoints as money, type EndpointInput } from '@petheart/contracts';
import { useApi, type ApiClient } from '../../shared/api';

/** The settings area's calls (adminMoneyConsoleEndpoints.settingsGet|settingsUpdate): recharge packages, portions. */
export function settingsApi(api: ApiClient) {
  return {
    get: () => api.call(money.settingsGet, undefined),
    /** Saves one part of the settings (the packages or the portions). */
    update: (body: EndpointInput<typeof money.settingsUpdate>) =>
      api.call(money.settingsUpdate, body, { task: 'settings' }),
  };
}
export type SettingsApi = ReturnType<typeof settingsApi>;

/** The area's calls through the app's API client. */
export function useSettingsApi(): SettingsApi {
  const client = useApi();
  return useMemo(() => settingsApi(client), [client]);
}
