import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../shared/i18n';
import { toast } from '../../shared/ui';
import { invokeWechatPay, openPayPage, payAction } from './bridge';
import type { MoneyApi } from './api';

/**
 * Pays for a package: places the order, then hands `response` to the provider's bridge — the sandbox's page
 * (the browser leaves and comes back with `?order_no=`), or WeChat's JSAPI sheet inside the WeChat browser
 * (`onPaid(order_no)` after it reports ok). Outside WeChat a WeChat order says "请在微信中打开".
 */
export function usePay(api: MoneyApi, onPaid: (orderNo: string) => void) {
  const { t } = useTranslation('money');
  const message = useMessage();
  const [paying, setPaying] = useState(false);

  // Coming back from the payment page through the back/forward cache restores the page as it was left.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) setPaying(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => {
      window.removeEventListener('pageshow', onShow);
    };
  }, []);

  const pay = useCallback(
    async (packageId: number) => {
      setPaying(true);
      let data;
      try {
        data = await api.recharge(packageId);
      } catch {
        // The client has shown the server's message (e.g. 支付异常, or 请在微信中打开 without an openid).
        setPaying(false);
        return;
      }
      const action = payAction(data, navigator.userAgent);
      if (action.kind === 'redirect') {
        openPayPage(action.url);
        return;
      }
      if (action.kind === 'open_in_wechat') {
        setPaying(false);
        toast(message('error.payment_open_in_wechat'));
        return;
      }
      const result = await invokeWechatPay(action.params);
      setPaying(false);
      if (result === 'ok') onPaid(data.order_no);
      else if (result === 'cancel') toast(t('result.cancelled'));
      else toast(message('error.payment_failed'));
    },
    [api, message, onPaid, t],
  );

  return { pay, paying };
}
