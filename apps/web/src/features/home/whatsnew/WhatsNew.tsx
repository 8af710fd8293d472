import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Banner, WhatsNewItem } from '@petheart/contracts';
import { useApi } from '../../../shared/api';
import { DEFAULT_COVER, formatRelativeTime, imageUrl } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import { useNavigator } from '../../../shared/navigation';
import { useSession } from '../../../shared/session';
import { EmptyState } from '../../../shared/ui';
import { Section } from '../Section';
import { contentHomeKey, fetchContentHome } from './api';
import { BannerStrip } from './BannerStrip';
import styles from './whatsnew.module.css';

function useContentHome() {
  const api = useApi();
  const { locale } = useLanguage();
  return useQuery({ queryKey: contentHomeKey(locale), queryFn: () => fetchContentHome(api) });
}

function BannerSlide({ banner, assetHost, label }: { banner: Banner; assetHost: string; label: string }) {
  const { navigateTo } = useNavigator();
  const picture = (
    <>
      <img className={styles.bannerImage} src={imageUrl(banner.image, assetHost)} alt="" />
      {banner.title && <span className={styles.bannerTitle}>{banner.title}</span>}
    </>
  );
  if (!banner.link) {
    return (
      <div className={styles.banner} role="group" aria-label={banner.title || label}>
        {picture}
      </div>
    );
  }
  return (
    <button
      type="button"
      className={styles.banner}
      aria-label={banner.title || label}
      onClick={() => {
        navigateTo(banner.link);
      }}
    >
      {picture}
    </button>
  );
}

/**
 * The banners (from contentEndpoints.home) in a strip that loops and autoplays; nothing when there are none. While
 * they load, their box is kept (a banner's size): the sections below do not move down when they arrive.
 */
export function Banners() {
  const { t } = useTranslation('home');
  const { config } = useSession();
  const home = useContentHome();
  if (home.isPending) return <div className={styles.bannersPending} aria-hidden="true" data-testid="banners-pending" />;
  const banners = home.data?.banners ?? [];
  if (banners.length === 0) return null;
  const assetHost = config?.asset_host ?? '';
  return (
    <section className={styles.banners} aria-label={t('banners')} data-testid="home-banners">
      {banners.length === 1 ? (
        <BannerSlide banner={banners[0] as Banner} assetHost={assetHost} label={t('banners')} />
      ) : (
        <BannerStrip count={banners.length} label={(i) => t('bannerN', { n: i + 1, total: banners.length })}>
          {(i, label) => <BannerSlide banner={banners[i] as Banner} assetHost={assetHost} label={label} />}
        </BannerStrip>
      )}
    </section>
  );
}

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
