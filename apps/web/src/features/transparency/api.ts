import { transparencyEndpoints as e, type BaseAccount, type PlatformAccount } from '@petheart/contracts';
import type { ApiClient } from '../../shared/api';

/** The public accounts (packages/contracts/src/transparency.ts); anyone may read them. */
export function accountApi(api: ApiClient) {
  return {
    /** A base's account; the page shows a failure itself. */
    base: (baseId: number): Promise<BaseAccount> => api.call(e.base, { base_id: baseId }, { silent: true }),
    /** The platform's account. */
    platform: (): Promise<PlatformAccount> => api.call(e.platform, undefined, { silent: true }),
  };
}

export const accountKey = (baseId: number | null) => ['transparency', 'account', baseId ?? 'platform'] as const;
export const ACCOUNT_PATH = '/pages/public/account';
export const accountPath = (baseId: number) => `${ACCOUNT_PATH}?base_id=${String(baseId)}`;
export const basePath = (baseId: number) => `/pages/baseDetail/baseDetail?id=${String(baseId)}`;
