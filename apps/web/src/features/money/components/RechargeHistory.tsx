import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { PaymentOrder } from '@petheart/contracts';
import { formatRelativeTime } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import { PagedList, type PagedListState } from '../../../shared/ui';
import { formatCoins, formatMoney } from '../../../shared/format/money';
import styles from '../money.module.css';

/** Pay again for a closed order (left unpaid, or cancelled): a new order for the same package, if still on sale. */
export interface PayAgain {
  /** Whether the package is still on sale (config recharge_packages). */
  onSale: (packageId: number) => boolean;
  /** Starts a new order for the package (the page's pay flow). */
  pay: (packageId: number) => void;
  /** An order is being placed: the buttons wait. */
  paying: boolean;
}

function HistoryRow({ order, payAgain }: { order: PaymentOrder; payAgain: PayAgain | undefined }) {
  const { t } = useTranslation('money');
  const { locale } = useLanguage();
  const created = new Date(order.created_at * 1000);
  const packageId = order.package_id;
  // A closed recharge (left unpaid, or cancelled) whose package is still on sale.
  const canPayAgain =
    order.status === 'closed' && order.purpose === 'recharge' && packageId !== null && payAgain?.onSale(packageId);
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
        {payAgain && canPayAgain ? (
          <Button
            size="mini"
            color="primary"
            fill="outline"
            shape="rounded"
            className={styles.payAgain}
            disabled={payAgain.paying}
            onClick={() => {
              payAgain.pay(packageId);
            }}
          >
            {t('payAgain')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The recharge history: paged (more on reach-bottom), with the spec's empty state "no recharge history"; a closed
 * order (left unpaid, or cancelled) offers Pay again with `payAgain`.
 */
export function RechargeHistory({ list, payAgain }: { list: PagedListState<PaymentOrder>; payAgain?: PayAgain }) {
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
          renderItem={(o) => <HistoryRow order={o} payAgain={payAgain} />}
          emptyText={t('empty')}
        />
      </div>
    </section>
  );
}
