import { DotLoading, Popup } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeviceHealth, DeviceRefill } from '@petheart/contracts';
import { ApiError } from '../../../shared/api';
import { useLanguage } from '../../../shared/i18n';
import { useSession } from '../../../shared/session';
import { EmptyState } from '../../../shared/ui';
import { ALERTS_KEY, healthKey, type ManageApi } from '../api';
import { AlertList, RefillList } from './CareLists';
import { Failure } from './Failure';
import { HealthFigures } from './HealthFigures';
import { RefillForm } from './RefillForm';
import styles from '../health.module.css';
import page from '../manage.module.css';

/** While a refill waits for the station's answer (at most a minute), the health is asked again this often. */
export const SENT_REFRESH_MS = 5_000;

/** The station a sheet is about: what the device list knows of it. */
export interface SheetDevice {
  id: string;
  name: string;
}

/**
 * A station's health in a bottom sheet: its figures, open alerts and last refills, and the form to record a
 * refill (which appears in the list at once). Mounted per opened station.
 */
export function HealthSheet({
  device,
  api,
  onClose,
}: {
  device: SheetDevice | null;
  api: ManageApi;
  onClose: () => void;
}) {
  return (
    <Popup
      visible={device !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName={styles.sheet}
      destroyOnClose
    >
      {device ? <SheetBody device={device} api={api} onClose={onClose} /> : null}
    </Popup>
  );
}

function SheetBody({ device, api, onClose }: { device: SheetDevice; api: ManageApi; onClose: () => void }) {
  const { t } = useTranslation('manage');
  const { locale } = useLanguage();
  const { config } = useSession();
  const assetHost = config?.asset_host ?? '';
  const queryClient = useQueryClient();
  const key = healthKey(device.id);
  const health = useQuery({
    queryKey: key,
    queryFn: () => api.health(device.id),
    retry: false,
    refetchInterval: (q) => (q.state.data?.refills.some((r) => r.status === 'sent') ? SENT_REFRESH_MS : false),
  });
  const h = health.data;

  const recorded = (refill: DeviceRefill) => {
    queryClient.setQueryData<DeviceHealth>(key, (old) =>
      old ? { ...old, refills: [refill, ...old.refills.filter((r) => r.id !== refill.id)] } : old,
    );
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ALERTS_KEY });
  };

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="care-title"
      className={styles.dialog}
      data-testid="health-sheet"
    >
      <div className={styles.sheetHead}>
        <div className={styles.sheetTitles}>
          <h2 id="care-title" className={styles.sheetTitle}>
            {h?.name ?? device.name}
          </h2>
          <span className={styles.sheetSub}>
            {t('care.open')} · <span className={styles.mono}>{device.id}</span>
          </span>
        </div>
        {h ? (
          <span
            className={`${page.pill ?? ''} ${h.online ? (page.pillOnline ?? '') : (page.pillOffline ?? '')}`}
            data-testid="care-online"
          >
            {h.online ? t('online') : t('offline')}
          </span>
        ) : null}
        <button type="button" className={styles.close} aria-label={t('care.close')} onClick={onClose}>
          ×
        </button>
      </div>
      <div className={styles.sheetBody}>
        {h ? (
          <>
            <HealthFigures health={h} locale={locale} />
            <AlertList alerts={h.alerts} />
            <RefillList refills={h.refills} assetHost={assetHost} />
            <RefillForm deviceId={device.id} api={api} assetHost={assetHost} onDone={recorded} />
          </>
        ) : health.error instanceof ApiError && health.error.status === 404 ? (
          <EmptyState text={t('care.notFound')} />
        ) : health.error ? (
          <Failure error={health.error} onRetry={() => void health.refetch()} />
        ) : (
          <div className="ph-list-footer">
            <DotLoading />
          </div>
        )}
      </div>
    </div>
  );
}
