import { ProgressBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { DeviceHealth, Locale } from '@petheart/contracts';
import { formatRelativeTime, formatWeight } from '../../../shared/format';
import styles from '../health.module.css';

const days = (n: number, locale: Locale) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Math.max(0, n));

/** The hopper: what it holds of its capacity (a bar once the station reported the capacity), low below the alert. */
function Hopper({ health: h, locale }: { health: DeviceHealth; locale: Locale }) {
  const { t } = useTranslation('manage');
  const stock = formatWeight(h.food_stock, locale);
  const capacity = h.hopper_capacity !== null && h.hopper_capacity > 0 ? h.hopper_capacity : null;
  const percent = capacity === null ? 0 : Math.min(100, Math.max(0, Math.round((h.food_stock / capacity) * 100)));
  const low = h.food_stock < h.hopper_alert_grams;
  return (
    <section className={styles.hopper} aria-labelledby="care-hopper">
      <div className={styles.hopperHead}>
        <h3 id="care-hopper" className={styles.blockTitle}>
          {t('care.hopper')}
        </h3>
        <span className={styles.hopperValue} data-testid="care-hopper">
          {capacity === null
            ? t('care.hopperNoCapacity', { stock })
            : t('care.hopperOf', { stock, capacity: formatWeight(capacity, locale) })}
        </span>
      </div>
      {capacity !== null ? (
        <div
          role="progressbar"
          aria-labelledby="care-hopper"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${String(percent)}%`}
        >
          <ProgressBar percent={percent} className={low ? styles.barLow : styles.bar} />
        </div>
      ) : null}
      {low ? (
        <p className={styles.low} data-testid="care-hopper-low">
          {t('care.hopperLow', { weight: formatWeight(h.hopper_alert_grams, locale) })}
        </p>
      ) : null}
    </section>
  );
}

function Fact(props: { label: string; value: string; sub?: string | undefined; testId: string }) {
  const { label, value, sub, testId } = props;
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd data-testid={testId}>
        {value}
        {sub ? <span className={styles.factSub}>{sub}</span> : null}
      </dd>
    </div>
  );
}

/**
 * A station's figures: the hopper, the days of food left at the last week's rate, jams and failed dispenses in
 * the last 24 h, the camera's frame and bit rate, when it last reported, its agent's version and its configuration
 * (the portions and daily cap the console set), waiting while the station does not run it yet.
 */
export function HealthFigures({ health: h, locale }: { health: DeviceHealth; locale: Locale }) {
  const { t } = useTranslation('manage');
  const camera = !h.camera_online
    ? t('care.cameraOffline')
    : h.camera_fps === null || h.camera_kbps === null
      ? t('care.cameraNoFigures')
      : t('care.cameraRate', {
          fps: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(h.camera_fps),
          kbps: new Intl.NumberFormat(locale).format(h.camera_kbps),
        });
  return (
    <>
      <Hopper health={h} locale={locale} />
      <dl className={styles.facts}>
        <Fact
          label={t('care.daysLeft')}
          value={
            h.days_left === null
              ? t('care.daysLeftUnknown')
              : t('care.daysLeftValue', { count: h.days_left, formatted: days(h.days_left, locale) })
          }
          sub={h.days_left === null ? undefined : t('care.perDay', { weight: formatWeight(h.grams_per_day, locale) })}
          testId="care-days-left"
        />
        <Fact label={t('care.camera')} value={camera} testId="care-camera" />
        <Fact label={t('care.jams')} value={String(h.jams_24h)} testId="care-jams" />
        <Fact label={t('care.failed')} value={String(h.failed_24h)} testId="care-failed" />
        <Fact
          label={t('care.lastSeen')}
          value={h.last_seen_at === null ? t('care.never') : formatRelativeTime(h.last_seen_at, locale)}
          testId="care-last-seen"
        />
        <Fact label={t('care.agent')} value={h.firmware || t('care.unknown')} testId="care-agent" />
        <Fact
          label={t('care.config')}
          value={t('care.configVersion', { version: h.config_version })}
          sub={h.config_running === h.config_version ? undefined : t('care.configWaiting')}
          testId="care-config"
        />
      </dl>
    </>
  );
}
