import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AwardIcon, PawIcon, QuestionIcon, TeamIcon } from '../../shared/ui/icons';
import { useLanguage } from '../../shared/i18n';
import { useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import { formatCount, formatWeight } from '../../shared/format';
import { Section } from './Section';
import styles from './sections.module.css';

const ENTRIES = [
  { key: 'community', to: '/pages/community/community', Icon: TeamIcon },
  { key: 'petCorner', to: '/pages/index/petCorner', Icon: PawIcon },
  { key: 'qa', to: '/pages/public/Q&A', Icon: QuestionIcon },
  { key: 'certificate', to: '/pages/certificate/certificate', Icon: AwardIcon },
] as const;

/** The live lists (and the contracts' schemas they validate with) load in a chunk of their own. */
const HomeLive = lazy(() => import('./live/HomeLive'));

/**
 * The home tab below its hero: the aggregate statistics, the main entries, "Live Near You" and the whole
 * "Top Live Streams" list. A lazy chunk, so the first paint of the entry page does not wait for it.
 */
export default function HomeSections() {
  const { t } = useTranslation('home');
  const { locale } = useLanguage();
  const { navigateTo } = useNavigator();
  const { config } = useSession();
  const stats = config?.statistics;
  const figures = [
    { key: 'devicesDeployed', value: stats ? formatCount(stats.devices_deployed, locale) : '–' },
    { key: 'animalsHelped', value: stats ? formatCount(stats.animals_helped, locale) : '–' },
    { key: 'totalFeeders', value: stats ? formatCount(stats.total_feeders, locale) : '–' },
    { key: 'totalFood', value: stats ? formatWeight(stats.total_food_grams, locale) : '–' },
  ] as const;
  return (
    <>
      <Section title={t('statsTitle')}>
        <dl className={styles.stats}>
          {figures.map((f) => (
            <div key={f.key} className={styles.stat}>
              <dd className={styles.statValue}>{f.value}</dd>
              <dt className={styles.statLabel}>{t(f.key)}</dt>
            </div>
          ))}
        </dl>
      </Section>

      <Section title={t('entries')}>
        <nav className={styles.entries}>
          {ENTRIES.map(({ key, to, Icon }) => (
            <button
              key={key}
              type="button"
              className={styles.entry}
              onClick={() => {
                navigateTo(to);
              }}
            >
              <span className={styles.entryIcon}>
                <Icon />
              </span>
              <span>{t(key)}</span>
            </button>
          ))}
        </nav>
      </Section>

      <Suspense fallback={<div className={styles.liveFallback} />}>
        <HomeLive />
      </Suspense>
    </>
  );
}
