import { cashoutEndpoints as cashout, type CashoutApplyBody, type CashoutLogData } from '@petheart/contracts';
import type { ApiClient } from '../../shared/api';

/** The operator's cash-out calls (packages/contracts/src/operator.ts), each with its response schema. */
export function cashoutApi(api: ApiClient) {
  return {
    /** The rules (minimum, fee) and the available earnings. */
    config: () => api.call(cashout.config, undefined, { silent: true }),
    /** A request (its idempotency key makes a retry answer the first one). */
    apply: (body: CashoutApplyBody) => api.call(cashout.apply, body, { task: 'cashoutApply' }),
    /** The operator's cash-outs, newest first. */
    log: (page: number, limit: number): Promise<CashoutLogData> =>
      api.call(cashout.log, { page, limit }, { silent: true }),
    /** The operator confirms a transfer that is ready to claim arrived. */
    claim: (id: number) => api.call(cashout.claim, { id }, { task: 'cashoutClaim' }),
  };
}
export type CashoutApi = ReturnType<typeof cashoutApi>;

export const CONFIG_KEY = ['cashout', 'config'] as const;
export const LOG_KEY = ['cashout', 'log'] as const;
export const LOG_PATH = '/pages/cashOut/log';
export const CASH_OUT_PATH = '/pages/cashOut/cashOut';
export const MANAGE_PATH = '/pages/manage/manage';

/** A fresh idempotency key (32 hex digits): crypto.getRandomValues works outside secure contexts too. */
export function newRequestKey(c: Pick<Crypto, 'getRandomValues'> = crypto): string {
  return Array.from(c.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One idempotency key per request: sending the same details again (a retry after a lost answer or an error)
 * reuses its key, so the server answers the first request instead of holding twice; other details get a new
 * key; after a recorded request the next one gets a new key.
 */
export class RequestKeys {
  private last: { fingerprint: string; key: string } | null = null;

  constructor(private readonly newKey: () => string = newRequestKey) {}

  keyFor(details: unknown): string {
    const fingerprint = JSON.stringify(details);
    if (this.last?.fingerprint !== fingerprint) this.last = { fingerprint, key: this.newKey() };
    return this.last.key;
  }

  /** The request was recorded: the next submit is a new request. */
  done(): void {
    this.last = null;
  }
}
