import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePayFlow } from '../../shared/pay';
import type { MoneyApi } from './api';

/**
 * Pays for a package through the shared pay flow (shared/pay): places the recharge order, then the sandbox's
 * page or WeChat's JSAPI sheet (`onPaid(order_no)` after it reports ok); outside WeChat "请在微信中打开".
 */
export function usePay(api: MoneyApi, onPaid: (orderNo: string) => void) {
  const { t } = useTranslation('money');
  const place = useCallback((packageId: number) => api.recharge(packageId), [api]);
  return usePayFlow(place, onPaid, t('result.cancelled'));
}
