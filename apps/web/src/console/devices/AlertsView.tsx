import { useState } from 'react';
import { Link } from 'react-router';
import { Checkbox, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useConsoleList } from '../shared/console-list';
import { ListScreen } from '../shared/ListScreen';
import { ADMIN_BASE } from '../sections';
import styles from '../shared/admin.module.css';
import { careLists } from './api';
import { useCareText } from './care-text';
import { useHealthText } from './health-text';
import { careKeys } from './keys';

/** How often the alerts are asked again while the page is visible (the API opens them every 30 s). */
export const ALERTS_REFRESH_MS = 10_000;

/**
 * Alerts (issue 27 §4): the stations' open alerts, newest first as the API orders them, or all of them with the
 * resolved ones too; each station links to its care page. Refreshed in the background while visible.
 */
export function AlertsView() {
  const { t } = useTranslation('admin');
  const text = useHealthText();
  const care = useCareText();
  const [showResolved, setShowResolved] = useState(false);
  const [page, setPage] = useState(1);
  const list = useConsoleList({
    key: careKeys.alerts(showResolved, page),
    endpoint: careLists.alerts,
    paging: { page, setPage },
    data: { open: !showResolved },
    // A failed background refresh must not toast every few seconds: the table keeps its last rows.
    silent: true,
    refetchInterval: ALERTS_REFRESH_MS,
  });
  const data = list.data;
  return (
    <ListScreen
      title={t('alerts.title')}
      list={list}
      columns={[t('alerts.opened'), t('alerts.station'), t('alerts.alert'), t('alerts.detail'), t('alerts.state')]}
      empty={showResolved ? t('alerts.emptyAll') : t('alerts.empty')}
      row={(a) => (
        <tr key={a.id} data-testid={`alert-row-${String(a.id)}`}>
          <td>{care.when(a.opened_at)}</td>
          <td>
            <Link
              to={`${ADMIN_BASE}/devices/${encodeURIComponent(a.device_id)}`}
              title={t('care.title', { name: a.device_name })}
            >
              {a.device_name}
            </Link>{' '}
            <code>{a.device_id}</code>
          </td>
          <td>{text.alertKind(a)}</td>
          <td>{text.alertDetail(a) || '—'}</td>
          <td>
            {a.resolved_at === null ? (
              <Tag color="danger" fill="outline">
                {t('alerts.open')}
              </Tag>
            ) : (
              t('alerts.resolved', { when: care.when(a.resolved_at) })
            )}
          </td>
        </tr>
      )}
    >
      <div className={styles.toolbar}>
        <Checkbox
          className={styles.switchRow}
          checked={showResolved}
          onChange={(on) => {
            setShowResolved(on);
            setPage(1);
          }}
        >
          {t('alerts.showResolved')}
        </Checkbox>
        {data ? <span className={styles.total}>{t('alerts.total', { count: data.total })}</span> : null}
      </div>
    </ListScreen>
  );
}
