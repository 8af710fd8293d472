import { useState } from 'react';
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
import { sameDay, weekOf } from './week';
import styles from './index.module.css';

type Menu = 'follow' | 'forYou';

function FeedingCalendar() {
  const { t } = useTranslation('home');
  const today = new Date();
  const labels = t('weekdays').split(',');
  return (
    <Section title={t('calendar')}>
      <ol className={styles.week}>
        {weekOf(today).map((day, i) => {
          const isToday = sameDay(day, today);
          return (
            <li key={day.toISOString()} className={isToday ? `${styles.day} ${styles.today}` : styles.day}>
              <span className={styles.dayLabel}>{labels[i]}</span>
              <span className={styles.dayNumber} aria-label={isToday ? t('today') : undefined}>
                {day.getDate()}
              </span>
            </li>
          );
        })}
      </ol>
      <p className={styles.hint}>{t('calendarHint')}</p>
    </Section>
  );
}

/** /pages/index/index: Follow and For You menus, search, feeding calendar, leaderboard and the live sections. */
export default function IndexPage() {
  const { t } = useTranslation('home');
  const { navigateTo, back } = useNavigator();
  const { token } = useSession();
  const [menu, setMenu] = useState<Menu>('forYou');
  const queryClient = useQueryClient();
  return (
    <PullToRefresh onRefresh={() => queryClient.resetQueries({ queryKey: LIVE_LIST_KEY })}>
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
            <FeedingCalendar />
            <Section title={t('leaderboard')}>
              <EmptyState text={t('leaderboardEmpty')} />
            </Section>
            <Section title={t('whatsNew')}>
              <EmptyState text={t('whatsNewEmpty')} />
            </Section>
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
