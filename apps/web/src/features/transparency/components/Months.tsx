import { useTranslation } from 'react-i18next';
import type { AccountMonth, Locale } from '@petheart/contracts';
import { EmptyState } from '../../../shared/ui';
import { formatWeight } from '../../../shared/format';
import { formatCoins } from '../../../shared/format/money';
import { formatMonth } from '../format';
import styles from '../account.module.css';

/** A bar's width: its share of the column's largest figure (a sliver when above zero). */
const width = (value: number, max: number) => `${String(max > 0 && value > 0 ? Math.max(3, (value / max) * 100) : 0)}%`;

/**
 * Raised vs executed per UTC month, newest first: the coins raised, the grams the feeders dispensed and the
 * food bought, each with a bar against its own column's largest month.
 */
export function Months({ months, locale }: { months: readonly AccountMonth[]; locale: Locale }) {
  const { t } = useTranslation('transparency');
  const max = {
    raised: Math.max(0, ...months.map((m) => m.raised)),
    fed: Math.max(0, ...months.map((m) => m.grams_dispensed)),
    bought: Math.max(0, ...months.map((m) => m.food_grams)),
  };
  return (
    <section className={styles.card} aria-labelledby="account-months">
      <h2 id="account-months" className={styles.cardTitle}>
        {t('months.title')}
      </h2>
      {months.length === 0 ? (
        <EmptyState text={t('months.empty')} />
      ) : (
        <table className={styles.months}>
          <caption className={styles.note}>{t('months.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('months.month')}</th>
              <th scope="col">{t('months.raised')}</th>
              <th scope="col">{t('months.fed')}</th>
              <th scope="col">{t('months.bought')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month} data-testid="account-month">
                <th scope="row">{formatMonth(m.month, locale)}</th>
                <td>
                  <span className={styles.figure}>{formatCoins(m.raised, locale)}</span>
                  <span className={styles.barRaised} style={{ width: width(m.raised, max.raised) }} />
                </td>
                <td>
                  <span className={styles.figure}>{formatWeight(m.grams_dispensed, locale)}</span>
                  <span className={styles.barFed} style={{ width: width(m.grams_dispensed, max.fed) }} />
                </td>
                <td>
                  <span className={styles.figure}>{formatWeight(m.food_grams, locale)}</span>
                  <span className={styles.barBought} style={{ width: width(m.food_grams, max.bought) }} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
