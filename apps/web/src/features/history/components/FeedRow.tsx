import { useTranslation } from 'react-i18next';
import type { FeedReceipt } from '@petheart/contracts';
import { formatRelativeTime, formatWeight } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import { feedCost, feedTone } from '../receipt';
import { FeedStatusIcon } from './FeedStatusIcon';
import styles from '../history.module.css';

/** One feed in the log: where, how much, when, its status and what it cost; tapping opens its receipt. */
export function FeedRow({ feed, onOpen }: { feed: FeedReceipt; onOpen: (id: string) => void }) {
  const { t } = useTranslation('history');
  const { locale } = useLanguage();
  const tone = feedTone(feed);
  const cost = feedCost(feed);
  const grams = tone === 'fed' ? feed.grams_dispensed : feed.grams;
  const created = new Date(feed.created_at * 1000);
  return (
    <button
      type="button"
      className={styles.row}
      data-testid="feed-row"
      data-feed={feed.id}
      data-status={feed.status}
      onClick={() => {
        onOpen(feed.id);
      }}
    >
      <FeedStatusIcon tone={tone} className={styles.rowIcon} />
      <span className={styles.rowMain}>
        <span className={styles.rowTitle}>{feed.device_name}</span>
        <span className={styles.rowSub}>
          {feed.base_name} ·{' '}
          <time dateTime={created.toISOString()} title={created.toLocaleString(locale)}>
            {formatRelativeTime(feed.created_at, locale)}
          </time>
        </span>
      </span>
      <span className={styles.rowSide}>
        <span className={styles.rowGrams}>{formatWeight(grams, locale)}</span>
        <span className={`${styles.tag} ${styles[`tag_${tone}`] ?? ''}`}>{t(`status.${feed.status}`)}</span>
        <span className={styles.rowCost}>
          {cost.kind === 'notCharged' ? t('cost.notCharged') : t(`cost.${cost.kind}`, { count: cost.coins })}
        </span>
      </span>
    </button>
  );
}
