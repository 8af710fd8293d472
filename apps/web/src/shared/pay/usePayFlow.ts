import { useCallback, useEffect, useState } from 'react';
import type { PayRequestData } from '@petheart/contracts';
import { useMessage } from '../i18n';
import { toast } from '../ui';
import { invokeWechatPay, openPayPage, payAction } from './bridge';

/**
 * The one payment path of the app (decision 010; recharge and help-pay): `place(...)` places the order, then
 * its `response` goes to the provider's bridge — the sandbox's page (the browser leaves and comes back with
 * `?order_no=`), or WeChat's JSAPI sheet inside the WeChat browser (`onPaid(order_no)` after it reports ok;
 * a cancel toasts `cancelledText`, a failure "支付异常"). Outside WeChat a WeChat order says "请在微信中打开".
 * A refused order (the client has toasted the server's message) leaves the page as it was.
 */
export function usePayFlow<A extends unknown[]>(
  place: (...args: A) => Promise<PayRequestData>,
  onPaid: (orderNo: string) => void,
  cancelledText: string,
) {
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
    async (...args: A) => {
      setPaying(true);
      let data: PayRequestData;
      try {
        data = await place(...args);
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
      else if (result === 'cancel') toast(cancelledText);
      else toast(message('error.payment_failed'));
    },
    [place, message, onPaid, cancelledText],
  );

  return { pay, paying };
}
