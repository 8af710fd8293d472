import { statementEndpoints, type ImpactData } from '@petheart/contracts';
import type { ApiClient } from '../../shared/api';

/** "My impact" (packages/contracts/src/statement.ts): the user's coins spent, newest first, with totals. */
export function impactApi(api: ApiClient) {
  return {
    page: (page: number, limit: number): Promise<ImpactData> => api.call(statementEndpoints.impact, { page, limit }),
  };
}

export const IMPACT_KEY = ['feed', 'impact'] as const;
