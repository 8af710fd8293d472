import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImpactItem } from '@petheart/contracts';
import { formatRelativeTime, formatWeight } from '../../shared/format';
import { useLanguage } from '../../shared/i18n';
import styles from './impact.module.css';

type FeedItem = Extract<ImpactItem, { kind: 'feed' }>;
type GiftItem = Exclude<ImpactItem, FeedItem>;

function When({ at }: { at: number }) {
  const { locale } = useLanguage();
  const date = new Date(at * 1000);
  return (
    <time dateTime={date.toISOString()} title={date.toLocaleString(locale)}>
      {formatRelativeTime(at, locale)}
    </time>
  );
}

/** A feed the user paid for: grams measured, device, base, time, coins, and its proof clip (played in place). */
function FeedRow({ item, onOpen }: { item: FeedItem; onOpen: (feedId: string) => void }) {
  const { t } = useTranslation('impact');
  const { locale } = useLanguage();
  const [playing, setPlaying] = useState(false);
  const ready = item.proof.state === 'ready' && item.proof.url !== '';
  return (
    <div className={styles.item} data-testid="impact-item" data-kind="feed">
      <button
        type="button"
        className={styles.itemMain}
        onClick={() => {
          onOpen(item.id);
        }}
      >
        <span className={styles.itemTitle}>
          {t('feed.title', { weight: formatWeight(item.grams, locale), device: item.device_name })}
        </span>
        <span className={styles.itemSub}>
          {item.base_name} · <When at={item.at} />
        </span>
      </button>
      <span className={styles.itemSide}>
        <span className={styles.coins}>{t('coins', { count: item.coins })}</span>
        {ready ? (
          <button
            type="button"
            className={styles.watch}
            aria-expanded={playing}
            onClick={() => {
              setPlaying((p) => !p);
            }}
          >
            {playing ? t('proof.hide') : t('proof.watch')}
          </button>
        ) : (
          <span className={`${styles.proof} ${styles[`proof_${item.proof.state}`] ?? ''}`}>
            {t(`proof.${item.proof.state}`)}
          </span>
        )}
      </span>
      {ready && playing && (
        <video
          className={styles.video}
          src={item.proof.url}
          controls
          autoPlay
          muted
          playsInline
          aria-label={t('proof.label', { weight: formatWeight(item.grams, locale), device: item.device_name })}
        />
      )}
    </div>
  );
}

/** A gift with coins or a help-pay payment: the request (event and item), its shelter, and the base it belongs to. */
function GiftRow({ item }: { item: GiftItem }) {
  const { t } = useTranslation('impact');
  return (
    <div className={styles.item} data-testid="impact-item" data-kind={item.kind}>
      <div className={styles.itemMain}>
        <span className={styles.itemTitle}>
          {t(`gift.${item.kind}`, { count: item.points, item: item.item_title })}
        </span>
        <span className={styles.itemSub}>
          {item.event_title} · {item.station_name}
          {item.base_name ? ` · ${item.base_name}` : ''} · <When at={item.at} />
        </span>
      </div>
      <span className={styles.itemSide}>
        <span className={styles.coins}>{t('coins', { count: item.coins })}</span>
      </span>
    </div>
  );
}

export function ImpactItemRow({ item, onOpenFeed }: { item: ImpactItem; onOpenFeed: (feedId: string) => void }) {
  return item.kind === 'feed' ? <FeedRow item={item} onOpen={onOpenFeed} /> : <GiftRow item={item} />;
}
