import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { PaymentOrder } from '@petheart/contracts';
import { useApi } from '../../../shared/api';
import { formatMoney } from '../../../shared/format/money';
import { useLanguage, useMessage } from '../../../shared/i18n';
import { EVENTS_PATH, useNavigator } from '../../../shared/navigation';
import { useOrderStatus, type OrderPhase } from '../../../shared/pay';
import { supportApi } from '../api';
import { orderConfirmPath } from '../paths';
import styles from '../order.module.css';

/**
 * The outcome of a help-pay the page came back with (`?order_no=`, polled until final): thanks and the amount
 * when paid, "支付异常" when the payment failed, cancelled, still waiting, or not found; then back to the events,
 * or (failed / cancelled) to the order again.
 */
export function PaymentOutcome({
  orderNo,
  retry,
}: {
  orderNo: string;
  retry: { itemId: number; stationId: number; points: number } | null;
}) {
  const { t } = useTranslation('events');
  const message = useMessage();
  const { locale } = useLanguage();
  const { navigateTo } = useNavigator();
  const client = useApi();
  const api = useMemo(() => supportApi(client), [client]);
  const queryClient = useQueryClient();
  const settled = useCallback(
    (order: PaymentOrder) => {
      // The item's progress and supporters changed when the payment was credited.
      if (order.status === 'paid') void queryClient.invalidateQueries({ queryKey: ['support'] });
    },
    [queryClient],
  );
  const state = useOrderStatus(orderNo, api.order, settled);
  const phase: OrderPhase = state?.phase ?? 'pending';
  const order = state?.order;

  const title = phase === 'failed' ? message('error.payment_failed') : t(`order.result.${phase}`);
  const hint =
    phase === 'paid' && order
      ? t('order.result.paidHint', { amount: formatMoney(order.amount, order.currency, locale) })
      : phase === 'failed' || phase === 'closed' || phase === 'timeout'
        ? t(`order.result.${phase === 'failed' ? 'failedHint' : `${phase}Hint`}`)
        : null;
  const icon =
    phase === 'pending' ? (
      <DotLoading color="primary" />
    ) : phase === 'paid' ? (
      <CheckCircleFill className={styles.iconPaid} />
    ) : phase === 'timeout' ? (
      <ClockCircleFill className={styles.iconWait} />
    ) : (
      <CloseCircleFill className={styles.iconFailed} />
    );
  const again = retry && (phase === 'failed' || phase === 'closed') ? retry : null;

  return (
    <div className={styles.content}>
      <section className={styles.result} data-testid="payment-outcome" data-phase={phase} aria-live="polite">
        <div className={styles.resultIcon} aria-hidden="true">
          {icon}
        </div>
        <p className={styles.resultTitle}>{title}</p>
        {hint ? <p className={styles.resultHint}>{hint}</p> : null}
        <p className={styles.resultOrder}>{t('order.orderNo', { no: orderNo })}</p>
        {phase === 'pending' ? null : (
          <div className={styles.resultActions}>
            {again ? (
              <Button
                block
                shape="rounded"
                onClick={() => {
                  navigateTo(orderConfirmPath(again));
                }}
              >
                {t('order.title')}
              </Button>
            ) : null}
            <Button
              block
              color="primary"
              shape="rounded"
              onClick={() => {
                navigateTo(EVENTS_PATH);
              }}
            >
              {t('order.backToEvents')}
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}
