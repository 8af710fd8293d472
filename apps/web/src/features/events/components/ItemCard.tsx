import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SupportItem } from '@petheart/contracts';
import { formatCoins } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/i18n';
import { remainingPoints } from '../support';
import { useMessageWith } from '../useMessageWith';
import { Progress } from './Progress';
import styles from '../detail.module.css';

/** One item of an event: price per point, what a point gives, progress, supporters; Support and Help pay. */
export function ItemCard({
  item,
  open,
  onSupport,
  onHelpPay,
}: {
  item: SupportItem;
  /** Whether the event takes support (live). */
  open: boolean;
  onSupport: (item: SupportItem) => void;
  onHelpPay: (item: SupportItem) => void;
}) {
  const { t } = useTranslation('events');
  const messageWith = useMessageWith();
  const { locale } = useLanguage();
  const full = remainingPoints(item) === 0;
  return (
    <article className={styles.item} data-testid="support-item" aria-labelledby={`item-${String(item.id)}`}>
      <div className={styles.itemHead}>
        <h3 id={`item-${String(item.id)}`} className={styles.itemTitle}>
          {item.title}
        </h3>
        <span className={styles.itemPrice}>
          {messageWith('support.perPoint', { price: formatCoins(item.price, locale) })}
        </span>
      </div>
      <p className={styles.itemGift}>{t('detail.gift', { gift: item.gift })}</p>
      <Progress completed={item.completed} target={item.target} label={item.title} />
      <div className={styles.itemFoot}>
        <span className={styles.itemSupporters}>{t('supporters', { count: item.supporters, n: item.supporters })}</span>
        {full ? (
          <span className={styles.reached}>{t('detail.reached')}</span>
        ) : open ? (
          <span className={styles.itemActions}>
            <Button
              size="small"
              shape="rounded"
              color="primary"
              fill="outline"
              onClick={() => {
                onHelpPay(item);
              }}
            >
              {t('detail.helpPay')}
            </Button>
            <Button
              size="small"
              shape="rounded"
              color="primary"
              onClick={() => {
                onSupport(item);
              }}
            >
              {t('detail.support')}
            </Button>
          </span>
        ) : null}
      </div>
    </article>
  );
}
