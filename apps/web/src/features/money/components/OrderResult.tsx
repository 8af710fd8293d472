import { Button, DotLoading } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n';
import { formatCoins } from '../../../shared/format/money';
import type { OrderStatusState } from '../../../shared/pay';
import styles from '../money.module.css';

/** The outcome of the order the page came back with (after the payment page or WeChat's sheet). */
export function OrderResult({ state, onDone }: { state: OrderStatusState; onDone: () => void }) {
  const { t } = useTranslation('money');
  const { locale } = useLanguage();
  const { phase, order } = state;
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
  const hint =
    phase === 'paid' && order
      ? t('result.paidHint', { count: order.coins, n: formatCoins(order.coins, locale) })
      : phase === 'failed' || phase === 'closed' || phase === 'timeout'
        ? t(`result.${phase}Hint`)
        : null;
  return (
    <section className={styles.result} data-testid="order-result" data-phase={phase} aria-live="polite">
      <div className={styles.resultIcon} aria-hidden="true">
        {icon}
      </div>
      <div className={styles.resultBody}>
        <p className={styles.resultTitle}>{t(`result.${phase}`)}</p>
        {hint ? <p className={styles.resultHint}>{hint}</p> : null}
        <p className={styles.resultOrder}>{t('orderNo', { no: state.orderNo })}</p>
      </div>
      {phase === 'pending' ? null : (
        <Button size="small" shape="rounded" className={styles.resultDone} onClick={onDone}>
          {t('result.done')}
        </Button>
      )}
    </section>
  );
}
