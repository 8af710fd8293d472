import { useCallback, useMemo } from 'react';
import { DotLoading } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ManagedDevice } from '@petheart/contracts';
import { ApiError, useApi } from '../../shared/api';
import { useLanguage } from '../../shared/i18n';
import { useNavigator } from '../../shared/navigation';
import { EmptyState, PageHeader, PagedList, PullToRefresh, usePagedList } from '../../shared/ui';
import { CASH_OUT_LOG_PATH, CASH_OUT_PATH, DEVICES_KEY, SUMMARY_KEY, liveRoomPath, manageApi } from './api';
import { DeviceCard } from './components/DeviceCard';
import { SummaryCard } from './components/SummaryCard';
import styles from './manage.module.css';

/** A refusal (not a base operator) shows the server's reason; other failures offer a retry. */
function Failure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation('common');
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return <EmptyState text={error.message} />;
  return (
    <EmptyState
      text={t('loadFailed')}
      action={
        <button type="button" className="ph-link-button" onClick={onRetry}>
          {t('retry')}
        </button>
      }
    />
  );
}

/**
 * /pages/manage/manage (login required, base operators): the earnings and revenue summary, then each device
 * with its ID, days in operation, revenue share rate and share, online/offline and feedings today and in
 * total, each linking to its live room. Pull down to refresh both.
 */
export default function ManagePage() {
  const { t } = useTranslation('manage');
  const { locale } = useLanguage();
  const client = useApi();
  const api = useMemo(() => manageApi(client), [client]);
  const { navigateTo } = useNavigator();
  const summary = useQuery({ queryKey: SUMMARY_KEY, queryFn: api.summary, retry: false });
  const devices = usePagedList<ManagedDevice>({ queryKey: [...DEVICES_KEY], fetchPage: api.devices });
  const { refetch } = summary;
  const { refresh: refreshDevices } = devices;
  const refresh = useCallback(() => Promise.all([refetch(), refreshDevices()]), [refetch, refreshDevices]);
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
                    />
                  )}
                />
              )}
            </>
          )}
        </div>
      </PullToRefresh>
    </div>
  );
}
