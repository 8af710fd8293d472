import { useTranslation } from 'react-i18next';
import type { CashoutConfig, Locale } from '@petheart/contracts';
import { formatMoney } from '../../../shared/format/money';
import type { AmountCheck } from '../quote';
import styles from '../cashout.module.css';

/** Basis points as a percentage: 60 → "0.6%", 1000 → "10%". */
export function formatRate(bp: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);
}

/**
 * The minimum amount, the fee and the net amount of what is typed, updated on every keystroke. The figures
 * come from the contracts' `cashoutQuote` (the server records the same); "—" while the amount cannot be asked.
 */
export function QuotePanel({ config, check, locale }: { config: CashoutConfig; check: AmountCheck; locale: Locale }) {
  const { t } = useTranslation('cashout');
  const money = (fen: number) => formatMoney(fen, config.currency, locale);
  // Shown whenever the arithmetic holds (also above the earnings: the message says what is wrong).
  const quote = check.quote?.problem === null ? check.quote : null;
  const rate = formatRate(config.fee_rate_bp, locale);
  return (
    <dl className={styles.quote} aria-live="polite" data-testid="cashout-quote">
      <div className={styles.quoteRow}>
        <dt>{t('minimum')}</dt>
        <dd data-testid="quote-minimum">{money(config.min_amount)}</dd>
      </div>
      <div className={styles.quoteRow}>
        <dt>
          {t('fee')}
          <span className={styles.quoteRule}>
            {config.fee_fixed > 0
              ? t('feeRuleFixed', { rate, fixed: money(config.fee_fixed) })
              : t('feeRule', { rate })}
          </span>
        </dt>
        <dd data-testid="quote-fee">{quote ? money(quote.fee) : '—'}</dd>
      </div>
      <div className={`${styles.quoteRow ?? ''} ${styles.quoteNet ?? ''}`}>
        <dt>{t('net')}</dt>
        <dd data-testid="quote-net" className={quote ? undefined : styles.quoteNone}>
          {quote ? money(quote.net_amount) : '—'}
        </dd>
      </div>
    </dl>
  );
}
