import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BackIcon, SearchIcon } from '../../shared/ui';
import { useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import { EmptyState, PullToRefresh } from '../../shared/ui';
import { Section } from './Section';
import { NearYouSection } from './live/NearYouSection';
import { RoomGrid, RoomStrip } from './live/RoomLists';
import { LIVE_LIST_KEY } from './live/keys';
import { FEEDING_KEY } from './feeding/keys';
import { CONTENT_HOME_KEY } from './whatsnew/keys';
// The banners are the page's largest paint: in its chunk (which the server names in the page, decision 040), not
// lazy. A lazy part shows its fallback first, and React holds back what replaces a fallback for up to 300 ms.
import { Banners } from './whatsnew/Banners';
import styles from './index.module.css';

/** The feeding calendar and the leaderboard (with the schemas they validate with) load in a chunk of their own. */
const FeedingSections = lazy(() => import('./feeding/FeedingSections'));
/** What's New (from contentEndpoints.home, which the banners ask for already) in a chunk of its own too. */
const WhatsNew = lazy(() => import('./whatsnew/WhatsNew').then((m) => ({ default: m.WhatsNew })));

type Menu = 'follow' | 'forYou';

/** /pages/index/index: Follow and For You menus, search, feeding calendar, leaderboard and the live sections. */
export default function IndexPage() {
  const { t } = useTranslation('home');
  const { navigateTo, back } = useNavigator();
  const { token } = useSession();
  const [menu, setMenu] = useState<Menu>('forYou');
  const queryClient = useQueryClient();
  return (
    <PullToRefresh
      onRefresh={() =>
        Promise.all([
          queryClient.resetQueries({ queryKey: LIVE_LIST_KEY }),
          queryClient.resetQueries({ queryKey: FEEDING_KEY }),
          queryClient.resetQueries({ queryKey: CONTENT_HOME_KEY }),
        ])
      }
    >
      <div className={styles.page}>
        <header className={styles.menuBar}>
          <button
            type="button"
            className="ph-icon-button"
            aria-label={t('common:back')}
            onClick={() => {
              back();
            }}
          >
            <BackIcon />
          </button>
          <h1 className="ph-visually-hidden">{t('indexTitle')}</h1>
          <div className={styles.menus} role="tablist">
            {(['follow', 'forYou'] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="tab"
                aria-selected={menu === m}
                className={menu === m ? `${styles.menu} ${styles.menuActive}` : styles.menu}
                onClick={() => {
                  setMenu(m);
                }}
              >
                {t(m)}
              </button>
            ))}
          </div>
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
        </header>

        <button
          type="button"
          className={styles.searchEntry}
          onClick={() => {
            navigateTo('/pages/index/search');
          }}
        >
          <SearchIcon />
          <span>{t('searchPlaceholder')}</span>
        </button>

        {menu === 'follow' ? (
          token ? (
            <div className={styles.list}>
              <RoomGrid query={{ tab: 'follow' }} emptyText={t('followEmpty')} />
            </div>
          ) : (
            <EmptyState
              text={t('followLogin')}
              action={
                <button
                  type="button"
                  className="ph-link-button"
                  onClick={() => {
                    navigateTo(`/pages/public/login?redirect=${encodeURIComponent('/pages/index/index')}`);
                  }}
                >
                  {t('login')}
                </button>
              }
            />
          )
        ) : (
          <>
            {/* Each late part keeps its space while it loads (its chunk, then its data): nothing below moves. */}
            <Banners />
            <Suspense fallback={<div className={styles.feedingFallback} />}>
              <FeedingSections />
            </Suspense>
            <Suspense
              fallback={
                <Section title={t('whatsNew')}>
                  <div className={styles.whatsNewFallback} />
                </Section>
              }
            >
              <WhatsNew />
            </Suspense>
            <NearYouSection />
            <Section title={t('topLive')}>
              <RoomStrip query={{ tab: 'top' }} emptyText={t('topLiveEmpty')} />
            </Section>
            <Section title={t('recommended')}>
              <RoomGrid query={{ tab: 'recommend' }} emptyText={t('topLiveEmpty')} />
            </Section>
          </>
        )}
      </div>
    </PullToRefresh>
  );
}
