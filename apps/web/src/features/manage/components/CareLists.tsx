import { useTranslation } from 'react-i18next';
import type { DeviceAlert, DeviceRefill } from '@petheart/contracts';
import { formatWeight, imageUrl } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import { refillStatusKey, useCareText } from './care-text';
import styles from '../health.module.css';

/** A station's open alerts in words, each with when it opened. */
export function AlertList({ alerts }: { alerts: DeviceAlert[] }) {
  const { t } = useTranslation('manage');
  const text = useCareText();
  return (
    <section aria-labelledby="care-alerts">
      <h3 id="care-alerts" className={styles.blockTitle}>
        {t('care.alerts')}
      </h3>
      {alerts.length === 0 ? (
        <p className={styles.none}>{t('care.noAlerts')}</p>
      ) : (
        <ul className={styles.rows}>
          {alerts.map((a) => (
            <li key={a.id} className={styles.alert} data-testid="care-alert">
              <span className={styles.alertWhat}>{text.alert(a)}</span>
              <span className={styles.when}>{text.since(a.opened_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const STATUS_CLASS = { sent: styles.statusSent, applied: styles.statusApplied, notTaken: styles.statusNotTaken };

/** The last refills: grams, when and by whom, the photo, and whether the station took it. */
export function RefillList({ refills, assetHost }: { refills: DeviceRefill[]; assetHost: string }) {
  const { t } = useTranslation('manage');
  const { locale } = useLanguage();
  const text = useCareText();
  return (
    <section aria-labelledby="care-refills">
      <h3 id="care-refills" className={styles.blockTitle}>
        {t('care.refills')}
      </h3>
      {refills.length === 0 ? (
        <p className={styles.none}>{t('care.noRefills')}</p>
      ) : (
        <ul className={styles.rows}>
          {refills.map((r) => (
            <li key={r.id} className={styles.refill} data-testid="care-refill">
              {r.photo ? (
                <img className={styles.refillPhoto} src={imageUrl(r.photo, assetHost)} alt={t('care.refillPhoto')} />
              ) : null}
              <div className={styles.refillMain}>
                <span className={styles.refillGrams}>{formatWeight(r.grams, locale)}</span>
                <span className={styles.when}>
                  {text.time(r.created_at)}
                  {r.recorded_by ? ` · ${t('care.refillBy', { name: r.recorded_by })}` : ''}
                </span>
                <span
                  className={`${styles.status ?? ''} ${STATUS_CLASS[refillStatusKey(r.status)] ?? ''}`}
                  data-testid="care-refill-status"
                >
                  {text.refillStatus(r.status)}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
