import { useTranslation } from 'react-i18next';
import type { PaymentOrder } from '@petheart/contracts';
import { formatRelativeTime } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import { PagedList, type PagedListState } from '../../../shared/ui';
import { formatCoins, formatMoney } from '../../../shared/format/money';
import styles from '../money.module.css';

function HistoryRow({ order }: { order: PaymentOrder }) {
  const { t } = useTranslation('money');
  const { locale } = useLanguage();
  const created = new Date(order.created_at * 1000);
  return (
    <div className={styles.row} data-testid="history-row" data-order={order.order_no}>
      <div className={styles.rowMain}>
        {/* Coins are credited only by a paid order: the others show what would have been added. */}
        <span className={order.status === 'paid' ? styles.rowCoins : `${styles.rowCoins} ${styles.rowCoinsMuted}`}>
          {t(order.status === 'paid' ? 'coinsPlus' : 'coins', {
            count: order.coins,
            n: formatCoins(order.coins, locale),
          })}
        </span>
        <time className={styles.rowTime} dateTime={created.toISOString()} title={created.toLocaleString(locale)}>
          {formatRelativeTime(order.created_at, locale)}
        </time>
      </div>
      <div className={styles.rowSide}>
        <span className={styles.rowAmount}>{formatMoney(order.amount, order.currency, locale)}</span>
        <span className={`${styles.status} ${styles[`status_${order.status}`] ?? ''}`}>
          {t(`status.${order.status}`)}
        </span>
      </div>
    </div>
  );
}

/** The recharge history: paged (more on reach-bottom), with the spec's empty state "no recharge history". */
export function RechargeHistory({ list }: { list: PagedListState<PaymentOrder> }) {
  const { t } = useTranslation('money');
  return (
    <section className={styles.section} aria-labelledby="money-history">
      <h2 id="money-history" className={styles.sectionTitle}>
        {t('history')}
      </h2>
      <div className={styles.historyCard} data-testid="recharge-history">
        <PagedList
          list={list}
          keyOf={(o) => o.order_no}
          renderItem={(o) => <HistoryRow order={o} />}
          emptyText={t('empty')}
        />
      </div>
    </section>
  );
}
