import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageHeader } from '../../shared/ui';
import { ConfirmView } from './components/ConfirmView';
import { PaymentOutcome } from './components/PaymentOutcome';
import { idParam } from './paths';
import styles from './order.module.css';

/**
 * /pages/public/orderConfirm?id=&rescue_station_id=[&points=] (login required): a help-pay — what is paid (the
 * item's points, their coin value, the amount) and to whom (the rescue station), then Pay through the configured
 * provider (the sandbox's page, WeChat's JSAPI sheet, or "请在微信中打开"); with `&order_no=` the outcome of the
 * payment ("支付异常" when it failed).
 */
export default function OrderConfirmPage() {
  const { t } = useTranslation('events');
  const [params] = useSearchParams();
  const itemId = idParam(params.get('id'));
  const stationId = idParam(params.get('rescue_station_id'));
  const points = idParam(params.get('points')) ?? 1;
  const orderNo = params.get('order_no')?.trim() || null;
  return (
    <div className={styles.page}>
      <PageHeader title={t('order.title')} />
      {orderNo ? (
        <PaymentOutcome orderNo={orderNo} retry={itemId && stationId ? { itemId, stationId, points } : null} />
      ) : itemId && stationId ? (
        <ConfirmView itemId={itemId} stationId={stationId} initialPoints={points} />
      ) : (
        <EmptyState text={t('order.missing')} />
      )}
    </div>
  );
}
