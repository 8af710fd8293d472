import { useMemo } from 'react';
import { supportConsoleEndpoints as support, type EndpointInput } from '@petheart/contracts';
import { useApi, type ApiClient } from '../../shared/api';

/** The support area's paged lists, for useConsoleList (console/shared), which calls them page by page. */
export const supportLists = { applications: support.applications, events: support.events };

/** The support area's calls (applications and events): each one endpoint of packages/contracts. */
export function supportApi(api: ApiClient) {
  return {
    review: (body: EndpointInput<typeof support.review>) => api.call(support.review, body, { task: 'supportReview' }),
    event: (id: number) => api.call(support.event, { id }),
    createEvent: (body: EndpointInput<typeof support.eventCreate>) =>
      api.call(support.eventCreate, body, { task: 'supportEvent' }),
    updateEvent: (body: EndpointInput<typeof support.eventUpdate>) =>
      api.call(support.eventUpdate, body, { task: 'supportEvent' }),
  };
}
export type SupportApi = ReturnType<typeof supportApi>;

/** The area's calls through the app's API client. */
export function useSupportApi(): SupportApi {
  const client = useApi();
  return useMemo(() => supportApi(client), [client]);
}
