import { Button, Tag } from 'antd-mobile';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminDevice } from '@petheart/contracts';
import { formatRelativeTime, formatWeight } from '../../shared/format';
import { useLanguage } from '../../shared/i18n';
import { bpToPercent } from '../shared/forms';
import { Ellipsis, OnlineTag } from '../shared/cells';
import { ADMIN_BASE } from '../sections';
import styles from '../shared/admin.module.css';

/** What the console can do to a device after a confirmation. */
export type DeviceAction = 'rotate' | 'disable' | 'enable';

/** One row of the devices table: identity, live state, stock, share, status, and the row's actions. */
export function DeviceRow({
  device: d,
  onEdit,
  onAction,
}: {
  device: AdminDevice;
  onEdit: () => void;
  onAction: (kind: DeviceAction) => void;
}) {
  const { t } = useTranslation('admin');
  const { locale } = useLanguage();
  return (
    <tr data-testid={`device-row-${d.device_id}`}>
      <td>
        <code>{d.device_id}</code>
      </td>
      <td>
        <Ellipsis text={d.base_name} />
      </td>
      <td>
        <Ellipsis text={d.name} />
      </td>
      <td>
        <OnlineTag online={d.feeder_online} />
      </td>
      <td>
        <OnlineTag online={d.camera_online} />
      </td>
      <td className={styles.numeric}>{formatWeight(d.food_stock, locale)}</td>
      <td>{d.last_seen_at === null ? t('devices.never') : formatRelativeTime(d.last_seen_at, locale)}</td>
      <td className={styles.numeric}>{d.days_in_operation}</td>
      <td className={styles.numeric}>{bpToPercent(d.revenue_share_bp)}%</td>
      <td>
        <Tag color={d.disabled ? 'danger' : 'success'} fill="outline">
          {d.disabled ? t('devices.disabled') : t('devices.enabled')}
        </Tag>
      </td>
      <td>
        <span className={styles.actions}>
          {/* The station's care page: calibration, test dispense, report, restart and the care log. */}
          <Link
            to={`${ADMIN_BASE}/devices/${encodeURIComponent(d.device_id)}`}
            style={{ alignSelf: 'center', whiteSpace: 'nowrap' }}
          >
            {t('care.lookAfter')}
          </Link>
          <Button size="mini" onClick={onEdit}>
            {t('shared.edit')}
          </Button>
          <Button
            size="mini"
            onClick={() => {
              onAction('rotate');
            }}
          >
            {t('devices.rotate')}
          </Button>
          <Button
            size="mini"
            color={d.disabled ? 'success' : 'danger'}
            fill="outline"
            onClick={() => {
              onAction(d.disabled ? 'enable' : 'disable');
            }}
          >
            {d.disabled ? t('devices.enable') : t('devices.disable')}
          </Button>
        </span>
      </td>
    </tr>
  );
}
