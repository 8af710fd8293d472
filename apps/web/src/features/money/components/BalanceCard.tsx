import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n';
import { formatCoins } from '../../../shared/format/money';
import styles from '../money.module.css';

/** The user's coin balance (userinfo.balance). */
export function BalanceCard({ balance }: { balance: number | undefined }) {
  const { t } = useTranslation('money');
  const { locale } = useLanguage();
  return (
    <section className={styles.balanceCard} aria-labelledby="money-balance-label">
      <p id="money-balance-label" className={styles.balanceLabel}>
        {t('balance')}
      </p>
      <p className={styles.balanceValue} data-testid="money-balance">
        {balance === undefined ? '–' : formatCoins(balance, locale)}
      </p>
    </section>
  );
}
