import { useMemo } from 'react';
import { adminConsoleEndpoints as users } from '@petheart/contracts';
import { useApi, type ApiClient } from '../../shared/api';

/** The users area's paged list, for useConsoleList (console/shared), which calls it page by page. */
export const usersLists = { users: users.list };

/** The users area's calls (adminConsoleEndpoints), each with its response schema from the endpoint. */
export function usersApi(api: ApiClient) {
  return {
    detail: (id: number) => api.call(users.detail, { id }),
    disable: (id: number) => api.call(users.disable, { id }, { task: 'userStatus' }),
    enable: (id: number) => api.call(users.enable, { id }, { task: 'userStatus' }),
  };
}
export type UsersApi = ReturnType<typeof usersApi>;

/** The area's calls through the app's API client. */
export function useUsersApi(): UsersApi {
  const client = useApi();
  return useMemo(() => usersApi(client), [client]);
}
