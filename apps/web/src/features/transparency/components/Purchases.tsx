import { useState } from 'react';
import { ImageViewer } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatMinorUnits, type FoodPurchase, type Locale } from '@petheart/contracts';
import { imageUrl, formatWeight } from '../../../shared/format';
import { EmptyState } from '../../../shared/ui';
import { formatDay } from '../format';
import styles from '../account.module.css';

/** The food operators bought, newest first, each with its receipt's photo (tap to see it whole). */
export function Purchases({
  purchases,
  locale,
  assetHost,
  showBase,
}: {
  purchases: readonly FoodPurchase[];
  locale: Locale;
  assetHost: string;
  showBase: boolean;
}) {
  const { t } = useTranslation('transparency');
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section className={styles.card} aria-labelledby="account-purchases">
      <h2 id="account-purchases" className={styles.cardTitle}>
        {t('purchases.title')}
      </h2>
      {purchases.length === 0 ? (
        <EmptyState text={t('purchases.empty')} />
      ) : (
        <ul className={styles.purchases}>
          {purchases.map((p) => {
            const photo = imageUrl(p.receipt_photo, assetHost);
            const grams = formatWeight(p.grams, locale);
            const day = formatDay(p.purchased_on, locale);
            return (
              <li key={p.id} className={styles.purchase} data-testid="account-purchase">
                <button
                  type="button"
                  className={styles.receipt}
                  aria-label={t('purchases.open', { grams, date: day })}
                  onClick={() => {
                    setOpen(photo);
                  }}
                >
                  <img src={photo} alt="" loading="lazy" />
                </button>
                <span className={styles.purchaseMain}>
                  <span className={styles.purchaseGrams}>
                    {grams} · {formatMinorUnits(p.amount, p.currency, locale)}
                  </span>
                  <span className={styles.note}>
                    {showBase ? `${day} · ${p.base_name}` : day}
                    {p.note ? ` · ${p.note}` : ''}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <ImageViewer
        image={open ?? ''}
        visible={open !== null}
        onClose={() => {
          setOpen(null);
        }}
      />
    </section>
  );
}
