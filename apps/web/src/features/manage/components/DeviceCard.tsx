import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { Locale, ManagedDevice } from '@petheart/contracts';
import { formatWeight } from '../../../shared/format';
import { formatCoins } from '../../../shared/format/money';
import styles from '../manage.module.css';

/** Basis points as a percentage: 3000 → "30%". */
export function formatShareRate(bp: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);
}

function Stat({ label, value, sub, testId }: { label: string; value: string; sub?: string; testId: string }) {
  return (
    <div className={styles.stat}>
      <dt>{label}</dt>
      <dd data-testid={testId}>
        {value}
        {sub ? <span className={styles.statSub}>{sub}</span> : null}
      </dd>
    </div>
  );
}

/**
 * One of the operator's devices: name, base and device ID, online or offline (which part is down), days in
 * operation, the revenue share rate and what it earned (in total, today), feedings today and in total, and
 * the ways to its health and its live room.
 */
export function DeviceCard({
  device: d,
  locale,
  onLive,
  onHealth,
}: {
  device: ManagedDevice;
  locale: Locale;
  onLive: (deviceId: string) => void;
  onHealth: (device: ManagedDevice) => void;
}) {
  const { t } = useTranslation('manage');
  const coins = (n: number) => t('coins', { count: n, formatted: formatCoins(n, locale) });
  const down = [!d.feeder_online ? t('feederOffline') : null, !d.camera_online ? t('cameraOffline') : null].filter(
    (x): x is string => x !== null,
  );
  return (
    <article className={styles.device} data-testid="device-card" aria-label={d.name}>
      <header className={styles.deviceHead}>
        <div className={styles.deviceTitle}>
          <h3 className={styles.deviceName}>{d.name}</h3>
          <span className={styles.deviceSub}>{d.base_name}</span>
          <span className={styles.deviceSub}>
            {t('deviceId')} <span className={styles.mono}>{d.device_id}</span>
          </span>
        </div>
        <span
          className={`${styles.pill ?? ''} ${d.online ? (styles.pillOnline ?? '') : (styles.pillOffline ?? '')}`}
          data-testid="device-online"
        >
          <span className={styles.dot} aria-hidden="true" />
          {d.online ? t('online') : t('offline')}
        </span>
      </header>
      <dl className={styles.stats}>
        <Stat label={t('days')} value={t('daysValue', { count: d.days_in_operation })} testId="device-days" />
        <Stat label={t('rate')} value={formatShareRate(d.revenue_share_bp, locale)} testId="device-rate" />
        <Stat
          label={t('share')}
          value={coins(d.revenue_share)}
          sub={t('shareToday', { formatted: formatCoins(d.revenue_share_today, locale) })}
          testId="device-share"
        />
        <Stat
          label={t('feedsToday')}
          value={formatCoins(d.feeds_today, locale)}
          sub={formatWeight(d.grams_today, locale)}
          testId="device-feeds-today"
        />
        <Stat
          label={t('feedsTotal')}
          value={formatCoins(d.feeds_total, locale)}
          sub={formatWeight(d.grams_total, locale)}
          testId="device-feeds-total"
        />
      </dl>
      <footer className={styles.deviceFoot}>
        <span className={styles.deviceNote}>
          {d.disabled ? <span className={styles.disabled}>{t('disabled')}</span> : null}
          {d.online && down.length > 0 ? down.join(' · ') : null}
        </span>
        <span className={styles.deviceActions}>
          <button
            type="button"
            className={styles.healthLink}
            onClick={() => {
              onHealth(d);
            }}
          >
            {t('care.open')}
          </button>
          <button
            type="button"
            className={styles.liveLink}
            onClick={() => {
              onLive(d.device_id);
            }}
          >
            {t('liveRoom')}
            <RightOutline aria-hidden="true" />
          </button>
        </span>
      </footer>
    </article>
  );
}
