import { useCallback, useMemo, useState } from 'react';
import { DotLoading } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ManagedDevice } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { useLanguage } from '../../shared/i18n';
import { useNavigator } from '../../shared/navigation';
import { PageHeader, PagedList, PullToRefresh, usePagedList } from '../../shared/ui';
import {
  ALERTS_KEY,
  BASES_KEY,
  CASH_OUT_LOG_PATH,
  CASH_OUT_PATH,
  DEVICES_KEY,
  SUMMARY_KEY,
  liveRoomPath,
  manageApi,
} from './api';
import { AlertsBanner } from './components/AlertsBanner';
import { BaseLocations } from './components/BaseLocations';
import { DeviceCard } from './components/DeviceCard';
import { Failure } from './components/Failure';
import { FoodSection } from './components/FoodSection';
import { HealthSheet, type SheetDevice } from './components/HealthSheet';
import { SummaryCard } from './components/SummaryCard';
import { FOOD_KEY } from './food-api';
import styles from './manage.module.css';

/**
 * /pages/manage/manage (login required, base operators): the earnings and revenue summary, then each device
 * with its ID, days in operation, revenue share rate and share, online/offline and feedings today and in
 * total, each linking to its health (a sheet: issue 27 §4) and its live room; above them the open alerts of
 * the operator's stations; below them where the operator's bases are shown (the exact location published or
 * not: decision 037). Pull down to refresh all.
 */
export default function ManagePage() {
  const { t } = useTranslation('manage');
  const { locale } = useLanguage();
  const client = useApi();
  const api = useMemo(() => manageApi(client), [client]);
  const { navigateTo } = useNavigator();
  const summary = useQuery({ queryKey: SUMMARY_KEY, queryFn: api.summary, retry: false });
  const devices = usePagedList<ManagedDevice>({ queryKey: [...DEVICES_KEY], fetchPage: api.devices });
  const alerts = useQuery({ queryKey: ALERTS_KEY, queryFn: api.alerts, retry: false });
  const [sheet, setSheet] = useState<SheetDevice | null>(null);
  const { refetch } = summary;
  const { refetch: refetchAlerts } = alerts;
  const { refresh: refreshDevices } = devices;
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () =>
      Promise.all([
        refetch(),
        refreshDevices(),
        refetchAlerts(),
        queryClient.invalidateQueries({ queryKey: BASES_KEY }),
        queryClient.invalidateQueries({ queryKey: FOOD_KEY }),
      ]),
    [refetch, refreshDevices, refetchAlerts, queryClient],
  );
  const s = summary.data;

  return (
    <div className={styles.page}>
      <PageHeader title={t('title')} />
      <PullToRefresh onRefresh={refresh}>
        <div className={styles.content}>
          {!s ? (
            summary.error ? (
              <Failure error={summary.error} onRetry={() => void refresh()} />
            ) : (
              <div className="ph-list-footer">
                <DotLoading />
              </div>
            )
          ) : (
            <>
              <AlertsBanner
                alerts={alerts.data?.list ?? []}
                total={alerts.data?.total ?? 0}
                onOpen={(a) => {
                  setSheet({ id: a.device_id, name: a.device_name });
                }}
              />
              <SummaryCard
                summary={s}
                locale={locale}
                onCashOut={() => {
                  navigateTo(CASH_OUT_PATH);
                }}
                onLog={() => {
                  navigateTo(CASH_OUT_LOG_PATH);
                }}
              />
              <div className={styles.sectionHead}>
                <h2 className={styles.sectionTitle}>{t('devices')}</h2>
                <span className={styles.sectionNote} data-testid="manage-online-count">
                  {t('onlineCount', { online: s.online_count, count: s.device_count })}
                </span>
              </div>
              {devices.rows.length === 0 && devices.error ? (
                <Failure error={devices.error} onRetry={() => void refreshDevices()} />
              ) : (
                <PagedList
                  list={devices}
                  className={styles.list}
                  emptyText={t('empty')}
                  keyOf={(d) => d.device_id}
                  renderItem={(d) => (
                    <DeviceCard
                      device={d}
                      locale={locale}
                      onLive={(id) => {
                        navigateTo(liveRoomPath(id));
                      }}
                      onHealth={(device) => {
                        setSheet({ id: device.device_id, name: device.name });
                      }}
                    />
                  )}
                />
              )}
              <BaseLocations api={api} />
              <FoodSection />
            </>
          )}
        </div>
      </PullToRefresh>
      <HealthSheet
        device={sheet}
        api={api}
        onClose={() => {
          setSheet(null);
        }}
      />
    </div>
  );
}
