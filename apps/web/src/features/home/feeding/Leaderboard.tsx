import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LEADERBOARD_PERIODS, type LeaderboardData, type LeaderboardPeriod } from '@petheart/contracts';
import { DEFAULT_AVATAR, formatWeight, imageUrl } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import { useSession } from '../../../shared/session';
import { EmptyState } from '../../../shared/ui';
import { Section } from '../Section';
import type { FeedingApi } from './api';
import { FEEDING_KEY } from './keys';
import styles from './feeding.module.css';

const PERIOD_LABEL = { today: 'periodToday', week: 'periodWeek', all: 'periodAll' } as const;

/** The caller's own line under the board when they are not on it. */
function Mine({ mine }: { mine: NonNullable<LeaderboardData['mine']> }) {
  const { t } = useTranslation('home');
  const { locale } = useLanguage();
  return (
    <p className={styles.mine} data-testid="leaderboard-mine">
      {mine.grams > 0 ? t('mineOff', { weight: formatWeight(mine.grams, locale) }) : t('mineNone')}
    </p>
  );
}

/** The leaderboard: the top feeders by grams today, this week (Monday first) or of all time. */
export function Leaderboard({ api }: { api: FeedingApi }) {
  const { t } = useTranslation('home');
  const { locale } = useLanguage();
  const { user, config } = useSession();
  const [period, setPeriod] = useState<LeaderboardPeriod>('today');
  const query = useQuery({
    queryKey: [...FEEDING_KEY, 'leaderboard', period, user?.id ?? 0],
    queryFn: () => api.leaderboard(period),
  });
  const board = query.data;
  return (
    <Section title={t('leaderboard')}>
      <div className={styles.periods} role="tablist" aria-label={t('leaderboard')}>
        {LEADERBOARD_PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            role="tab"
            aria-selected={period === p}
            className={period === p ? `${styles.period} ${styles.periodOn}` : styles.period}
            onClick={() => {
              setPeriod(p);
            }}
          >
            {t(PERIOD_LABEL[p])}
          </button>
        ))}
      </div>
      <div role="tabpanel" className={styles.panel} data-testid="leaderboard" data-period={period}>
        {!board ? (
          query.isError ? (
            <EmptyState
              text={t('common:loadFailed')}
              action={
                <button type="button" className="ph-link-button" onClick={() => void query.refetch()}>
                  {t('common:retry')}
                </button>
              }
            />
          ) : (
            <div className="ph-list-footer">
              <DotLoading /> {t('common:loading')}
            </div>
          )
        ) : board.list.length === 0 ? (
          <EmptyState text={t(`leaderboardEmpty.${period}`)} />
        ) : (
          <ol className={styles.board}>
            {board.list.map((e) => (
              <li
                key={`${String(e.rank)}-${e.nickname}-${String(e.grams)}`}
                className={e.me ? `${styles.leader} ${styles.leaderMe}` : styles.leader}
                data-testid="leader"
              >
                <span className={`${styles.rank} ${e.rank <= 3 ? (styles[`rank${String(e.rank)}`] ?? '') : ''}`}>
                  {e.rank}
                </span>
                <img
                  className={styles.avatar}
                  src={imageUrl(e.avatar, config?.asset_host ?? '', DEFAULT_AVATAR)}
                  alt=""
                  width={32}
                  height={32}
                  loading="lazy"
                />
                <span className={styles.leaderName}>
                  {e.nickname}
                  {e.me && <span className={styles.youTag}>{t('you')}</span>}
                </span>
                <span className={styles.leaderGrams}>{formatWeight(e.grams, locale)}</span>
              </li>
            ))}
          </ol>
        )}
        {board?.mine && board.mine.rank === null && <Mine mine={board.mine} />}
      </div>
    </Section>
  );
}
