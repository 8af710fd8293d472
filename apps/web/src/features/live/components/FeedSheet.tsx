import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { DevicePortion } from '@petheart/contracts';
import { formatWeight } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import type { useFeed } from '../useFeed';
import { Sheet } from './Sheet';
import styles from '../sheets.module.css';

type Feed = ReturnType<typeof useFeed>;

const same = (a: DevicePortion | null, b: DevicePortion) => a?.grams === b.grams && a.coins === b.coins;

/** The portion sheet: grams for coins, the balance, and the confirm button. */
export function FeedSheet({
  feed,
  deviceName,
  balance,
  onRecharge,
}: {
  feed: Feed;
  deviceName: string;
  balance: number | null;
  onRecharge: () => void;
}) {
  const { t } = useTranslation('live');
  const { locale } = useLanguage();
  const { portion } = feed;
  return (
    <Sheet visible={feed.open} onClose={feed.close} labelledBy="feed-title" testId="feed-sheet">
      <section>
        <h2 id="feed-title" className={styles.title}>
          {t('feedSheet.title')}
        </h2>
        <p className={styles.subtitle}>{deviceName}</p>
        {feed.portions.length === 0 ? (
          <p className={styles.note}>{t('feedSheet.noPortions')}</p>
        ) : (
          <div className={styles.portions} role="radiogroup" aria-label={t('feedSheet.choose')}>
            {feed.portions.map((p) => (
              <button
                key={`${String(p.grams)}-${String(p.coins)}`}
                type="button"
                role="radio"
                aria-checked={same(portion, p)}
                className={same(portion, p) ? `${styles.portion} ${styles.portionOn}` : styles.portion}
                onClick={() => {
                  feed.choose(p);
                }}
              >
                <span className={styles.portionGrams}>{formatWeight(p.grams, locale)}</span>
                <span className={styles.portionCoins}>{t('feedSheet.coins', { count: p.coins })}</span>
              </button>
            ))}
          </div>
        )}
        <div className={styles.balanceRow}>
          <span>
            {t('feedSheet.balance')}{' '}
            <strong>{balance === null ? '–' : t('feedSheet.coins', { count: balance })}</strong>
          </span>
          <button type="button" className={styles.linkButton} onClick={onRecharge}>
            {t('feedSheet.recharge')}
          </button>
        </div>
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          disabled={!portion}
          loading={feed.sending}
          onClick={() => void feed.confirm()}
        >
          {portion
            ? t('feedSheet.confirm', { weight: formatWeight(portion.grams, locale), count: portion.coins })
            : t('feedSheet.choose')}
        </Button>
        <p className={styles.note}>{t('feedSheet.note')}</p>
      </section>
    </Sheet>
  );
}
