import { useTranslation } from 'react-i18next';
import type { BaseAccountRow, Locale } from '@petheart/contracts';
import { formatWeight } from '../../../shared/format';
import { formatCoins } from '../../../shared/format/money';
import { useNavigator } from '../../../shared/navigation';
import { EmptyState } from '../../../shared/ui';
import { accountPath } from '../api';
import styles from '../account.module.css';

/** The platform's bases, most raised first, each opening its own account. */
export function BaseRows({ rows, locale }: { rows: readonly BaseAccountRow[]; locale: Locale }) {
  const { t } = useTranslation('transparency');
  const { navigateTo } = useNavigator();
  return (
    <section className={styles.card} aria-labelledby="account-bases">
      <h2 id="account-bases" className={styles.cardTitle}>
        {t('bases.title')}
      </h2>
      {rows.length === 0 ? (
        <EmptyState text={t('bases.empty')} />
      ) : (
        <ul className={styles.bases}>
          {rows.map((b) => (
            <li key={b.base_id}>
              <button
                type="button"
                className={styles.baseRow}
                data-testid="account-base"
                onClick={() => {
                  navigateTo(accountPath(b.base_id));
                }}
              >
                <span className={styles.baseName}>{b.name}</span>
                <span className={styles.note}>
                  {t('bases.row', {
                    coins: formatCoins(b.raised, locale),
                    fed: formatWeight(b.grams_dispensed, locale),
                    bought: formatWeight(b.food_grams, locale),
                  })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
