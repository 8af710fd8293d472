import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Cashout, Locale } from '@petheart/contracts';
import { formatMoney } from '../../../shared/format/money';
import { useMessage } from '../../../shared/i18n';
import { statusMessageKey, statusTone } from '../status';
import styles from '../cashout.module.css';

/** A date and time in the locale's short form (API timestamps are seconds). */
export function formatDateTime(seconds: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(seconds * 1000);
}

/**
 * One cash-out in the log: amount, status, fee and net amount, bank and masked card number, when it was asked,
 * the console's note (why it was refused or failed), and "I have received it" while it is ready to claim.
 */
export function CashoutRow({
  cashout: c,
  locale,
  onClaim,
}: {
  cashout: Cashout;
  locale: Locale;
  onClaim: (cashout: Cashout) => void;
}) {
  const { t } = useTranslation('cashout');
  const message = useMessage();
  const money = (fen: number) => formatMoney(fen, c.currency, locale);
  const tone = statusTone(c.status);
  return (
    <article className={styles.row} data-testid="cashout-row" aria-label={money(c.amount)}>
      <div className={styles.rowHead}>
        <span className={styles.rowTime}>{formatDateTime(c.created_at, locale)}</span>
        <span className={`${styles.tag ?? ''} ${styles[`tone_${tone}`] ?? ''}`} data-testid="cashout-status">
          {message(statusMessageKey(c.status))}
        </span>
      </div>
      <dl className={styles.figures}>
        <div>
          <dt>{t('amount')}</dt>
          <dd className={styles.rowAmount} data-testid="cashout-amount">
            {money(c.amount)}
          </dd>
        </div>
        <div>
          <dt>{t('fee')}</dt>
          <dd data-testid="cashout-fee">{money(c.fee)}</dd>
        </div>
        <div>
          <dt>{t('net')}</dt>
          <dd className={styles.rowNet} data-testid="cashout-net">
            {money(c.net_amount)}
          </dd>
        </div>
      </dl>
      <div className={styles.rowMeta}>
        {c.bank} <span className={styles.mono}>{c.card_number}</span>
      </div>
      {c.remark ? (
        <p className={tone === 'failed' ? `${styles.rowRemark ?? ''} ${styles.rowRemarkBad ?? ''}` : styles.rowRemark}>
          {t('remark', { remark: c.remark })}
        </p>
      ) : null}
      {c.status === 2 ? (
        <div className={styles.rowActions}>
          <Button
            size="small"
            color="primary"
            shape="rounded"
            onClick={() => {
              onClaim(c);
            }}
          >
            {t('claim')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
