import { useTranslation } from 'react-i18next';
import type { EarningsFigure, Locale, ManageSummary } from '@petheart/contracts';
import { formatCoins, formatMoney } from '../../../shared/format/money';
import styles from '../manage.module.css';

function Figure({
  label,
  figure,
  currency,
  locale,
  testId,
}: {
  label: string;
  figure: EarningsFigure;
  currency: string;
  locale: Locale;
  testId: string;
}) {
  const { t } = useTranslation('manage');
  return (
    <div className={styles.figure}>
      <span className={styles.figureLabel}>{label}</span>
      <span className={styles.figureValue} data-testid={testId}>
        {formatMoney(figure.amount, currency, locale)}
      </span>
      <span className={styles.figureSub}>
        {t('coins', { count: figure.coins, formatted: formatCoins(figure.coins, locale) })}
      </span>
    </div>
  );
}

/** The operator's earnings (available, on hold) and revenue (today, in total), with the ways to cash out. */
export function SummaryCard({
  summary: s,
  locale,
  onCashOut,
  onLog,
}: {
  summary: ManageSummary;
  locale: Locale;
  onCashOut: () => void;
  onLog: () => void;
}) {
  const { t } = useTranslation('manage');
  return (
    <section className={styles.summary} aria-label={t('available')} data-testid="manage-summary">
      <div className={styles.summaryTop}>
        <div className={styles.available}>
          <span className={styles.availableLabel}>{t('available')}</span>
          <span className={styles.availableValue} data-testid="summary-available">
            {formatMoney(s.available.amount, s.currency, locale)}
          </span>
          <span className={styles.availableSub}>
            {t('coins', { count: s.available.coins, formatted: formatCoins(s.available.coins, locale) })}
          </span>
        </div>
        <div className={styles.held}>
          <span className={styles.availableLabel}>{t('held')}</span>
          <span className={styles.heldValue} data-testid="summary-held">
            {formatMoney(s.held.amount, s.currency, locale)}
          </span>
        </div>
      </div>
      <div className={styles.figures}>
        <Figure
          label={t('revenueToday')}
          figure={s.revenue_today}
          currency={s.currency}
          locale={locale}
          testId="summary-today"
        />
        <Figure
          label={t('revenueTotal')}
          figure={s.revenue_total}
          currency={s.currency}
          locale={locale}
          testId="summary-total"
        />
      </div>
      <div className={styles.summaryActions}>
        <button type="button" className={styles.cashOut} onClick={onCashOut}>
          {t('cashOut')}
        </button>
        <button type="button" className={styles.cashOutLog} onClick={onLog}>
          {t('cashOutLog')}
        </button>
      </div>
    </section>
  );
}
