import { useContext } from 'react';
import { ApiContext } from './ApiProvider';
import type { ApiClient } from './client';

export { ApiError, type FieldIssue } from './errors';
export {
  createApiClient,
  LOADING_DELAY_MS,
  REQUEST_TIMEOUT_MS,
  type ApiClient,
  type ApiClientDeps,
  type ApiUi,
  type CallArgs,
  type CallOptions,
} from './client';
export { ApiProvider, TOAST_MS } from './ApiProvider';

/** The app's API client (created in src/app, handed down through context). */
export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi() needs <ApiProvider>');
  return client;
}
