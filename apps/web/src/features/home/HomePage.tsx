import { useTranslation } from 'react-i18next';
import { AwardIcon, PawIcon, QuestionIcon, SearchIcon, TeamIcon } from '../../shared/ui';
import { useLanguage } from '../../shared/i18n';
import { useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import { EmptyState, PullToRefresh } from '../../shared/ui';
import { formatCount, formatWeight } from '../../shared/format';
import { Section } from './Section';
import styles from './home.module.css';

const ENTRIES = [
  { key: 'community', to: '/pages/community/community', Icon: TeamIcon },
  { key: 'petCorner', to: '/pages/index/petCorner', Icon: PawIcon },
  { key: 'qa', to: '/pages/public/Q&A', Icon: QuestionIcon },
  { key: 'certificate', to: '/pages/certificate/certificate', Icon: AwardIcon },
] as const;

/** Home tab (`/`, `/pages/newIndex/newIndex`): the product, its aggregate statistics, the main entries. */
export default function HomePage() {
  const { t } = useTranslation('home');
  const { locale } = useLanguage();
  const { navigateTo } = useNavigator();
  const { config, refreshConfig } = useSession();
  const stats = config?.statistics;
  const figures = [
    { key: 'devicesDeployed', value: stats ? formatCount(stats.devices_deployed, locale) : '–' },
    { key: 'animalsHelped', value: stats ? formatCount(stats.animals_helped, locale) : '–' },
    { key: 'totalFeeders', value: stats ? formatCount(stats.total_feeders, locale) : '–' },
    { key: 'totalFood', value: stats ? formatWeight(stats.total_food_grams, locale) : '–' },
  ] as const;
  return (
    <PullToRefresh onRefresh={refreshConfig}>
      <div className={styles.page}>
        <header className={styles.brand}>
          <h1 className={styles.brandName}>
            <img src="/favicon.svg" alt="" width={28} height={28} />
            {config?.name ?? 'PetHeart'}
          </h1>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t('search')}
            onClick={() => {
              navigateTo('/pages/index/search');
            }}
          >
            <SearchIcon />
          </button>
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

        <Section title={t('topLive')}>
          <EmptyState text={t('topLiveEmpty')} />
        </Section>
      </div>
    </PullToRefresh>
  );
}
