import { useTranslation } from 'react-i18next';
import type { WhatsNewItem } from '@petheart/contracts';
import { DEFAULT_COVER, formatRelativeTime, imageUrl } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import { useNavigator } from '../../../shared/navigation';
import { useSession } from '../../../shared/session';
import { EmptyState } from '../../../shared/ui';
import { Section } from '../Section';
import { useContentHome } from './api';
import styles from './whatsnew.module.css';

function NewsRow({ item, assetHost }: { item: WhatsNewItem; assetHost: string }) {
  const { t } = useTranslation('home');
  const { locale } = useLanguage();
  const { navigateTo } = useNavigator();
  return (
    <button
      type="button"
      className={styles.row}
      onClick={() => {
        navigateTo(item.link);
      }}
    >
      <img className={styles.thumb} src={imageUrl(item.cover, assetHost, DEFAULT_COVER)} alt="" loading="lazy" />
      <span className={styles.rowBody}>
        <span className={styles.rowTitle}>
          {item.kind === 'highlight' && <span className={styles.highlight}>{t('highlight')}</span>}
          {item.title}
        </span>
        {item.summary && <span className={styles.summary}>{item.summary}</span>}
        <span className={styles.time}>{formatRelativeTime(item.created_at, locale)}</span>
      </span>
    </button>
  );
}

/** "What's New": highlighted and recent articles, each opening its article page. */
export function WhatsNew() {
  const { t } = useTranslation('home');
  const { config } = useSession();
  const home = useContentHome();
  const assetHost = config?.asset_host ?? '';
  let body;
  if (home.isPending) {
    body = (
      <div className={styles.list} aria-busy="true" aria-label={t('common:loading')}>
        {[0, 1].map((i) => (
          <span key={i} className={`${styles.row} ${styles.skeleton}`} />
        ))}
      </div>
    );
  } else if (home.isError) {
    body = (
      <EmptyState
        text={t('common:loadFailed')}
        action={
          <button type="button" className="ph-link-button" onClick={() => void home.refetch()}>
            {t('common:retry')}
          </button>
        }
      />
    );
  } else if (home.data.whats_new.length === 0) {
    body = <EmptyState text={t('whatsNewEmpty')} />;
  } else {
    body = (
      <ul className={styles.list} data-testid="whats-new">
        {home.data.whats_new.map((item) => (
          <li key={item.id}>
            <NewsRow item={item} assetHost={assetHost} />
          </li>
        ))}
      </ul>
    );
  }
  return <Section title={t('whatsNew')}>{body}</Section>;
}
