import { DotLoading } from 'antd-mobile';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../shared/DataTable';
import { ADMIN_BASE } from '../sections';
import styles from '../shared/admin.module.css';
import { useDeviceCareApi } from './api';
import { CareLog } from './CareLog';
import { CarePanel } from './CarePanel';
import { DeviceFacts } from './DeviceFacts';
import { HealthPanel } from './HealthPanel';
import { careKeys } from './keys';
import own from './device-care.module.css';

/** How often the facts (online states, configuration running) and the health are asked again while visible. */
export const FACTS_REFRESH_MS = 4000;

/**
 * A station's care page (issue 27 §3, §4), at /admin/devices/:deviceId: what the console knows of it, its health
 * (alerts, refills), the care actions with their answers, and its care log.
 */
export function DevicePage() {
  const { t } = useTranslation('admin');
  const { deviceId = '' } = useParams();
  const api = useDeviceCareApi();
  const query = useQuery({
    queryKey: careKeys.station(deviceId),
    queryFn: () => api.device(deviceId),
    refetchInterval: FACTS_REFRESH_MS,
  });
  const device = query.data;
  return (
    <div className={own.page}>
      <Link className={own.back} to={`${ADMIN_BASE}/devices`}>
        {t('care.back')}
      </Link>
      <h1 className={styles.title}>{t('care.title', { name: device?.name ?? deviceId })}</h1>
      {device ? (
        <>
          <DeviceFacts device={device} />
          <HealthPanel deviceId={device.device_id} refreshMs={FACTS_REFRESH_MS} />
          <CarePanel key={device.device_id} deviceId={device.device_id} />
          <CareLog deviceId={device.device_id} />
        </>
      ) : (
        <div className={styles.panel}>
          {device === null ? (
            <div className={styles.empty}>{t('care.notFound', { id: deviceId })}</div>
          ) : query.isError ? (
            <LoadFailed onRetry={() => void query.refetch()} />
          ) : (
            <div className={styles.empty}>
              <DotLoading />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
