import { useState } from 'react';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { DeviceAlert } from '@petheart/contracts';
import { useCareText } from './care-text';
import styles from '../health.module.css';

/** Alerts shown before "Show all". */
const FIRST = 3;

/**
 * The operator's open alerts at the top of the page (nothing when there are none): which station, what is wrong
 * and since when; a tap opens that station's health.
 */
export function AlertsBanner({
  alerts,
  total,
  onOpen,
}: {
  alerts: DeviceAlert[];
  total: number;
  onOpen: (alert: DeviceAlert) => void;
}) {
  const { t } = useTranslation('manage');
  const text = useCareText();
  const [all, setAll] = useState(false);
  if (alerts.length === 0) return null;
  const shown = all ? alerts : alerts.slice(0, FIRST);
  return (
    <section className={styles.banner} aria-labelledby="alerts-banner-title" data-testid="alerts-banner">
      <h2 id="alerts-banner-title" className={styles.bannerTitle}>
        {t('care.bannerTitle', { count: Math.max(total, alerts.length) })}
      </h2>
      <ul className={styles.bannerList}>
        {shown.map((a) => (
          <li key={a.id}>
            <button
              type="button"
              className={styles.bannerItem}
              onClick={() => {
                onOpen(a);
              }}
            >
              <span className={styles.bannerText}>
                <span>
                  <strong>{a.device_name}</strong> · {text.alert(a)}
                </span>
                <span className={styles.bannerWhen}>{text.since(a.opened_at)}</span>
              </span>
              <RightOutline aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      {alerts.length > FIRST ? (
        <button
          type="button"
          className={styles.bannerMore}
          aria-expanded={all}
          onClick={() => {
            setAll((v) => !v);
          }}
        >
          {all ? t('care.showLess') : t('care.showAll')}
        </button>
      ) : null}
    </section>
  );
}
