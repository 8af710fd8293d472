import { useTranslation } from 'react-i18next';
import { formatMinorUnits, type AccountTotals, type CashedOut, type Locale, type MoneySum } from '@petheart/contracts';
import { formatWeight } from '../../../shared/format';
import { formatCoins } from '../../../shared/format/money';
import styles from '../account.module.css';

const moneyList = (sums: readonly MoneySum[], locale: Locale) =>
  sums.map((s) => formatMinorUnits(s.amount, s.currency, locale)).join(' + ');

/**
 * Coins raised: the total (and what it is worth today), then by kind. A base's gifts and help-pay are those to
 * its operator's rescue requests (as its monthly statements list them), said so under them.
 */
export function Raised({
  totals,
  coinValue,
  currency,
  locale,
  base,
}: {
  totals: AccountTotals;
  coinValue: number;
  currency: string;
  locale: Locale;
  base: boolean;
}) {
  const { t } = useTranslation('transparency');
  const { raised } = totals;
  return (
    <section className={styles.card} aria-labelledby="account-raised">
      <h2 id="account-raised" className={styles.cardTitle}>
        {t('raised.title')}
      </h2>
      <p className={styles.big} data-testid="account-raised">
        {t('coins', { coins: formatCoins(raised.total, locale) })}
      </p>
      <p className={styles.note}>
        {t('raised.worth', { money: formatMinorUnits(raised.total * coinValue, currency, locale) })}
      </p>
      <dl className={styles.rows}>
        <Row label={t('raised.feeds')} value={t('coins', { coins: formatCoins(raised.feeds, locale) })} />
        {raised.gifts !== null && (
          <Row
            label={base ? t('raised.giftsOperator') : t('raised.gifts')}
            value={t('coins', { coins: formatCoins(raised.gifts, locale) })}
          />
        )}
        {raised.help_pay !== null && (
          <Row
            label={base ? t('raised.helpPayOperator') : t('raised.helpPay')}
            value={t('coins', { coins: formatCoins(raised.help_pay, locale) })}
          />
        )}
        <Row label={t('shares.operator')} value={t('coins', { coins: formatCoins(totals.operator_share, locale) })} />
        <Row label={t('shares.platform')} value={t('coins', { coins: formatCoins(totals.platform_share, locale) })} />
      </dl>
      {base && <p className={styles.note}>{t('raised.operatorRequests')}</p>}
    </section>
  );
}

/** Food: the grams the feeders' scales measured, and the food operators bought (receipts). */
export function Food({
  totals,
  voided,
  locale,
  base,
}: {
  totals: AccountTotals;
  voided: number;
  locale: Locale;
  base: boolean;
}) {
  const { t } = useTranslation('transparency');
  const { food } = totals;
  return (
    <section className={styles.card} aria-labelledby="account-food">
      <h2 id="account-food" className={styles.cardTitle}>
        {t('food.title')}
      </h2>
      <dl className={styles.rows}>
        <Row
          label={t('food.dispensed')}
          value={formatWeight(totals.grams_dispensed, locale)}
          sub={t('food.feeds', { count: totals.feeds })}
          testId="account-grams"
        />
        <Row
          label={base ? t('food.bought') : t('food.boughtPlatform')}
          value={formatWeight(food.grams, locale)}
          sub={[t('food.purchases', { count: food.purchases }), moneyList(food.spent, locale)]
            .filter(Boolean)
            .join(' · ')}
          testId="account-bought"
        />
      </dl>
      {voided > 0 && <p className={styles.note}>{t('food.voided', { count: voided })}</p>}
    </section>
  );
}

/** Cash-outs: how many, the coins they took from earnings and their fees, the money paid. */
export function CashOuts({
  cashedOut,
  locale,
  title,
  children,
}: {
  cashedOut: CashedOut;
  locale: Locale;
  title: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('transparency');
  return (
    <section className={styles.card} aria-labelledby="account-cashouts">
      <h2 id="account-cashouts" className={styles.cardTitle}>
        {title}
      </h2>
      <dl className={styles.rows}>
        {children}
        <Row
          label={t('cashouts.cashedOut')}
          value={t('coins', { coins: formatCoins(cashedOut.coins, locale) })}
          sub={t('cashouts.count', {
            count: cashedOut.count,
            paid: moneyList(cashedOut.paid, locale) || '0',
            fee: formatCoins(cashedOut.fee_coins, locale),
          })}
          testId="account-cashed-out"
        />
      </dl>
    </section>
  );
}

/** One figure: its label, value and an optional line under it. */
export function Row({ label, value, sub, testId }: { label: string; value: string; sub?: string; testId?: string }) {
  return (
    <div className={styles.row} data-testid={testId}>
      <dt className={styles.rowLabel}>{label}</dt>
      <dd className={styles.rowValue}>
        {value}
        {sub && <span className={styles.rowSub}>{sub}</span>}
      </dd>
    </div>
  );
}
