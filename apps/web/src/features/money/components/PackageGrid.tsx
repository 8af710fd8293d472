import { useTranslation } from 'react-i18next';
import type { AppConfig } from '@petheart/contracts';
import { useLanguage } from '../../../shared/i18n';
import { formatCoins, formatMoney } from '../../../shared/format/money';
import styles from '../money.module.css';

type Package = AppConfig['recharge_packages'][number];

export interface PackageGridProps {
  packages: readonly Package[];
  currency: string;
  selected: number | null;
  onSelect: (id: number) => void;
  /** The config has not arrived yet: the grid keeps the space of the default packages (two rows). */
  loading?: boolean;
}

/** Placeholders while the config loads: as many as the default settings' packages (4, two rows). */
const PLACEHOLDERS = [0, 1, 2, 3];

/** The recharge packages from config as a grid of choices: coins, bonus if any, price. */
export function PackageGrid({ packages, currency, selected, onSelect, loading = false }: PackageGridProps) {
  const { t } = useTranslation('money');
  const { locale } = useLanguage();
  if (loading && packages.length === 0) {
    return (
      <div className={styles.grid} aria-hidden="true" data-testid="packages-pending">
        {PLACEHOLDERS.map((i) => (
          <span key={i} className={`${styles.package} ${styles.packagePending}`} />
        ))}
      </div>
    );
  }
  return (
    <div className={styles.grid} role="radiogroup" aria-labelledby="money-packages">
      {packages.map((p) => {
        const checked = p.id === selected;
        return (
          <button
            key={p.id}
            type="button"
            role="radio"
            aria-checked={checked}
            className={checked ? `${styles.package} ${styles.packageSelected}` : styles.package}
            data-testid={`package-${String(p.id)}`}
            onClick={() => {
              onSelect(p.id);
            }}
          >
            <span className={styles.packageCoins}>
              {t('coins', { count: p.coins, n: formatCoins(p.coins, locale) })}
            </span>
            {p.bonus > 0 ? (
              <span className={styles.bonus}>{t('bonus', { n: formatCoins(p.bonus, locale) })}</span>
            ) : null}
            <span className={styles.price}>{formatMoney(p.price, currency, locale)}</span>
          </button>
        );
      })}
    </div>
  );
}
