import { useMemo } from 'react';
import {
  baseConsoleEndpoints as base,
  contentConsoleEndpoints as content,
  petConsoleEndpoints as pet,
  type EndpointInput,
} from '@petheart/contracts';
import { useApi, type ApiClient } from '../../shared/api';

/** The content area's paged lists, for useConsoleList (console/shared), which calls them page by page. */
export const contentLists = { content: content.list, pets: pet.list };

/** The content area's calls (content items and pet profiles): each one endpoint of packages/contracts. */
export function contentApi(api: ApiClient) {
  return {
    create: (body: EndpointInput<typeof content.create>) => api.call(content.create, body, { task: 'contentSave' }),
    update: (body: EndpointInput<typeof content.update>) => api.call(content.update, body, { task: 'contentSave' }),
    remove: (id: number) => api.call(content.delete, { id }, { task: 'contentDelete' }),
    createPet: (body: EndpointInput<typeof pet.create>) => api.call(pet.create, body, { task: 'petSave' }),
    updatePet: (body: EndpointInput<typeof pet.update>) => api.call(pet.update, body, { task: 'petSave' }),
    removePet: (id: number) => api.call(pet.delete, { id }, { task: 'petDelete' }),
    /** The bases offered by the pets' filter and form. */
    bases: (body: EndpointInput<typeof base.list>) => api.call(base.list, body),
  };
}
export type ContentApi = ReturnType<typeof contentApi>;

/** The area's calls through the app's API client. */
export function useContentApi(): ContentApi {
  const client = useApi();
  return useMemo(() => contentApi(client), [client]);
}
