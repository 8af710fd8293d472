import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { DevicePortion } from '@petheart/contracts';
import { formatWeight } from '../../../shared/format';
import { useLanguage, useMessage } from '../../../shared/i18n';
import type { FeedView } from '../feed';
import type { useFeed } from '../useFeed';
import { Sheet } from './Sheet';
import styles from '../sheets.module.css';

type Feed = ReturnType<typeof useFeed>;

const same = (a: DevicePortion | null, b: DevicePortion) => a?.grams === b.grams && a.coins === b.coins;

/** Where the open feed is: its place in the device's queue and the expected wait, or dispensing. */
function FeedProgress({ view }: { view: FeedView }) {
  const { t } = useTranslation('live');
  const text =
    view.kind === 'queued'
      ? view.position > 0
        ? t('feedResult.queued', { count: view.position, seconds: view.waitSeconds })
        : t('feedResult.next')
      : t('feedResult.dispensing');
  return (
    <p className={styles.feedProgress} role="status" data-testid="feed-progress">
      {text}
    </p>
  );
}

/** The portion sheet: grams for coins, the balance, the confirm button and the open feed's progress. */
export function FeedSheet({
  feed,
  deviceName,
  balance,
  onRecharge,
  reconnecting = false,
}: {
  feed: Feed;
  deviceName: string;
  balance: number | null;
  onRecharge: () => void;
  /** The page lost its link to the room: no new feed until it is back (a feed on its way keeps its progress). */
  reconnecting?: boolean;
}) {
  const { t } = useTranslation('live');
  const message = useMessage();
  const { locale } = useLanguage();
  const { portion, progress } = feed;
  return (
    <>
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
                  disabled={progress !== null}
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
          {progress && <FeedProgress view={progress} />}
          <Button
            block
            color="primary"
            shape="rounded"
            size="large"
            disabled={!portion || reconnecting}
            loading={feed.sending || progress !== null}
            onClick={() => void feed.confirm()}
          >
            {reconnecting
              ? t('reconnecting')
              : portion
                ? t('feedSheet.confirm', { weight: formatWeight(portion.grams, locale), count: portion.coins })
                : t('feedSheet.choose')}
          </Button>
          <p className={styles.note}>{t('feedSheet.note')}</p>
        </section>
      </Sheet>
      <Sheet
        visible={feed.askRecharge}
        onClose={feed.dismissRecharge}
        labelledBy="recharge-title"
        testId="recharge-sheet"
      >
        <section>
          <h2 id="recharge-title" className={styles.title}>
            {message('error.insufficient_balance')}
          </h2>
          <p className={styles.subtitle}>{t('feedResult.rechargeText')}</p>
          <div className={styles.buttons}>
            <Button block shape="rounded" onClick={feed.dismissRecharge}>
              {t('feedResult.later')}
            </Button>
            <Button
              block
              color="primary"
              shape="rounded"
              onClick={() => {
                feed.dismissRecharge();
                onRecharge();
              }}
            >
              {t('feedSheet.recharge')}
            </Button>
          </div>
        </section>
      </Sheet>
    </>
  );
}
