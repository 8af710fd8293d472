import { useTranslation } from 'react-i18next';
import type { Banner } from '@petheart/contracts';
import { imageUrl } from '../../../shared/format';
import { useNavigator } from '../../../shared/navigation';
import { useSession } from '../../../shared/session';
import { useContentHome } from './api';
import { BannerStrip } from './BannerStrip';
import styles from './whatsnew.module.css';

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
