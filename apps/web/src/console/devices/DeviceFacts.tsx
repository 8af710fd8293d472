import type { ReactNode } from 'react';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AdminDevice } from '@petheart/contracts';
import { formatRelativeTime } from '../../shared/format';
import { useLanguage } from '../../shared/i18n';
import { OnlineTag } from '../shared/cells';
import styles from '../shared/admin.module.css';
import own from './device-care.module.css';

/**
 * The configuration the console set and the one the station runs: waiting for the station until it reports
 * running that version (null: it has reported none yet).
 */
function ConfigState({ device: d }: { device: AdminDevice }) {
  const { t } = useTranslation('admin');
  const current = d.config_running === d.config_version;
  return (
    <span className={own.config}>
      {d.config_running === null
        ? t('care.configNone', { set: d.config_version })
        : t('care.configState', { set: d.config_version, running: d.config_running })}
      <Tag color={current ? 'success' : 'warning'} fill="outline">
        {current ? t('care.configCurrent') : t('care.configWaiting')}
      </Tag>
    </span>
  );
}

/** What the console knows of a station: identity, base, online states, firmware, last report, configuration. */
export function DeviceFacts({ device: d }: { device: AdminDevice }) {
  const { t } = useTranslation('admin');
  const { locale } = useLanguage();
  const rows: [label: string, value: ReactNode][] = [
    [t('devices.id'), <code key="id">{d.device_id}</code>],
    [t('devices.name'), d.name],
    [t('devices.base'), d.base_name],
    [
      t('devices.status'),
      <Tag key="status" color={d.disabled ? 'danger' : 'success'} fill="outline">
        {d.disabled ? t('devices.disabled') : t('devices.enabled')}
      </Tag>,
    ],
    [t('care.station'), <OnlineTag key="station" online={d.online} />],
    [t('devices.feeder'), <OnlineTag key="feeder" online={d.feeder_online} />],
    [t('devices.camera'), <OnlineTag key="camera" online={d.camera_online} />],
    [t('care.firmware'), d.firmware || '—'],
    [t('devices.lastSeen'), d.last_seen_at === null ? t('devices.never') : formatRelativeTime(d.last_seen_at, locale)],
    [t('care.configuration'), <ConfigState key="config" device={d} />],
  ];
  return (
    <section className={styles.panel} aria-label={t('care.facts')}>
      <dl className={`${styles.detail ?? ''} ${own.facts ?? ''}`}>
        {rows.map(([label, value]) => (
          <div key={label} className={own.fact}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
