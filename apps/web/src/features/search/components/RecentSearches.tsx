import { useTranslation } from 'react-i18next';
import styles from '../search.module.css';

/** The recent keywords as chips (tapping one searches it again) and a way to clear them. */
export function RecentSearches({
  recent,
  onPick,
  onClear,
}: {
  recent: string[];
  onPick: (keyword: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('search');
  return (
    <section className={styles.recent} aria-labelledby="search-recent">
      <div className={styles.sectionHead}>
        <h2 id="search-recent" className={styles.sectionTitle}>
          {t('recent')}
        </h2>
        <button type="button" className={styles.textButton} aria-label={t('clearRecentLabel')} onClick={onClear}>
          {t('clearRecent')}
        </button>
      </div>
      <ul className={styles.chips} data-testid="recent-searches">
        {recent.map((k) => (
          <li key={k}>
            <button
              type="button"
              className={styles.chip}
              onClick={() => {
                onPick(k);
              }}
            >
              {k}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
