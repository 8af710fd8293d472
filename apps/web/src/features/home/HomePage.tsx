import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
// Not the shared/ui barrel: through it this first page would statically reach the list hooks.
import { SearchIcon } from '../../shared/ui/icons';
import { useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import styles from './home.module.css';

/** Everything below the hero loads after the first paint: the entry route stays small. */
const HomeSections = lazy(() => import('./HomeSections'));
/** The notification bell, just after the first paint too (its place kept, so nothing moves). */
const Bell = lazy(() => import('../../shared/notifications/Bell').then((m) => ({ default: m.Bell })));

/** Home tab (`/`, `/pages/newIndex/newIndex`): the product, its statistics and entries, the live sections. */
export default function HomePage() {
  const { t } = useTranslation('home');
  const { navigateTo } = useNavigator();
  const { config } = useSession();
  // No pull-to-refresh here (the spec names other pages for it): its module would put the entry route over
  // its size budget. The live lists refetch when they are stale and the tab is shown again.
  return (
    <div className={styles.page}>
      <header className={styles.brand}>
        <h1 className={styles.brandName}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {config?.name ?? 'PetHeart'}
        </h1>
        <div className={styles.brandActions}>
          <button
            type="button"
            className="ph-icon-button"
            aria-label={t('search')}
            onClick={() => {
              navigateTo('/pages/index/search');
            }}
          >
            <SearchIcon />
          </button>
          <Suspense fallback={<span className="ph-icon-button" />}>
            <Bell />
          </Suspense>
        </div>
      </header>

      <section className={styles.hero}>
        <p className={styles.tagline}>{t('tagline')}</p>
        <button
          type="button"
          className={styles.heroButton}
          onClick={() => {
            navigateTo('/pages/index/index');
          }}
        >
          {t('watchLive')}
        </button>
      </section>

      <Suspense fallback={<div className={styles.sectionsFallback} />}>
        <HomeSections />
      </Suspense>
    </div>
  );
}
