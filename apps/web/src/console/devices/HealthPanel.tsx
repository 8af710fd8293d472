import type { ReactNode } from 'react';
import { DotLoading, Tag } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeviceHealth } from '@petheart/contracts';
import { LoadFailed } from '../shared/DataTable';
import styles from '../shared/admin.module.css';
import { useDeviceCareApi } from './api';
import { HealthAlerts, HealthRefills } from './HealthLists';
import { SKEW_WARN_MS, hopperPercent, useHealthText } from './health-text';
import { careKeys } from './keys';
import own from './device-care.module.css';

/** The hopper: a bar of its fill when its capacity is known, the grams, and Low under the alert level. */
function HopperLevel({ health: h }: { health: DeviceHealth }) {
  const { t } = useTranslation('admin');
  const text = useHealthText();
  const percent = hopperPercent(h);
  const low = h.food_stock < h.hopper_alert_grams;
  const words = text.hopper(h);
  return (
    <span className={own.hopper}>
      {percent !== null && h.hopper_capacity !== null ? (
        <span
          className={own.bar}
          role="meter"
          aria-label={t('health.hopperLevel')}
          aria-valuemin={0}
          aria-valuemax={h.hopper_capacity}
          aria-valuenow={Math.min(h.food_stock, h.hopper_capacity)}
          aria-valuetext={words}
        >
          <span className={low ? own.barLow : own.barFill} style={{ width: `${String(percent)}%` }} />
        </span>
      ) : null}
      <span>{words}</span>
      {low ? (
        <Tag color="warning" fill="outline">
          {t('health.low', { grams: text.num(h.hopper_alert_grams) })}
        </Tag>
      ) : null}
    </span>
  );
}

/** The station's clock against the server's, with a warning past SKEW_WARN_MS. */
function ClockSkew({ skewMs }: { skewMs: number | null }) {
  const { t } = useTranslation('admin');
  const text = useHealthText();
  const off = skewMs !== null && Math.abs(skewMs) > SKEW_WARN_MS;
  return (
    <>
      <span className={off ? own.warn : undefined}>{text.clock(skewMs)}</span>
      {off ? <p className={`${styles.warning ?? ''} ${own.skewWarning ?? ''}`}>{t('health.skewWarning')}</p> : null}
    </>
  );
}

/** The figures of a station's health: a label and its value a row. */
function HealthFigures({ health: h }: { health: DeviceHealth }) {
  const { t } = useTranslation('admin');
  const text = useHealthText();
  const failing = h.jams_24h > 0 || h.failed_24h > 0;
  const rows: [label: string, value: ReactNode][] = [
    [t('health.hopper'), <HopperLevel key="hopper" health={h} />],
    [t('health.foodLeft'), text.foodLeft(h)],
    [
      t('health.last24h'),
      <span key="failures" className={failing ? own.warn : undefined}>
        {text.failures(h)}
      </span>,
    ],
    [t('health.camera'), text.camera(h)],
    [t('health.clock'), <ClockSkew key="clock" skewMs={h.clock_skew_ms} />],
  ];
  return (
    <dl className={styles.detail} data-testid="health-figures">
      {rows.map(([label, value]) => (
        <div key={label} className={own.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A station's health (issue 27 §4), refreshed every `refreshMs` while the page is visible: the hopper, the days of
 * food left, jams and failures in 24 h, the camera's rates, the clock; its open alerts; its last refills and the
 * form that records one.
 */
export function HealthPanel({ deviceId, refreshMs }: { deviceId: string; refreshMs: number }) {
  const { t } = useTranslation('admin');
  const api = useDeviceCareApi();
  const query = useQuery({
    queryKey: careKeys.health(deviceId),
    queryFn: () => api.health(deviceId),
    refetchInterval: refreshMs,
  });
  const health = query.data;
  return (
    <section className={styles.panel} aria-labelledby="health-title">
      <h2 id="health-title" className={own.heading}>
        {t('health.title')}
      </h2>
      {health ? (
        <>
          <HealthFigures health={health} />
          <div className={own.healthLists}>
            <HealthAlerts alerts={health.alerts} />
            <HealthRefills deviceId={deviceId} refills={health.refills} />
          </div>
        </>
      ) : query.isError ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : (
        <div className={styles.empty}>
          <DotLoading />
        </div>
      )}
    </section>
  );
}
