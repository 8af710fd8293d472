import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FeedReceipt } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { useNavigator } from '../../shared/navigation';
import { EmptyState, PageHeader, PagedList, PullToRefresh, usePagedList } from '../../shared/ui';
import { LOG_KEY, historyApi } from './api';
import { FeedRow } from './components/FeedRow';
import { ReceiptView } from './components/ReceiptView';
import styles from './history.module.css';

/**
 * /pages/history/history (login required): the user's feeds, newest first, with pull-down refresh and more on
 * reach-bottom. Tapping one opens its receipt (`?id=`, pushed: Back returns to the log).
 */
export default function HistoryPage() {
  const { t } = useTranslation('history');
  const client = useApi();
  const api = useMemo(() => historyApi(client), [client]);
  const { navigateTo } = useNavigator();
  const [params, setParams] = useSearchParams();
  const id = params.get('id')?.trim() || null;
  const log = usePagedList<FeedReceipt>({ queryKey: [...LOG_KEY], fetchPage: api.log, enabled: id === null });
  const open = useCallback(
    (feedId: string) => {
      setParams({ id: feedId });
    },
    [setParams],
  );

  if (id) {
    return (
      <div className={styles.page}>
        <PageHeader title={t('receipt')} />
        <div className={styles.content}>
          <ReceiptView id={id} api={api} />
        </div>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <PageHeader title={t('title')} />
      <PullToRefresh onRefresh={log.refresh}>
        <div className={styles.content} data-testid="feed-log">
          {log.rows.length === 0 && !log.loading && !log.error ? (
            <EmptyState
              text={t('empty')}
              action={
                <button
                  type="button"
                  className="ph-link-button"
                  onClick={() => {
                    navigateTo('/pages/index/index');
                  }}
                >
                  {t('goFeed')}
                </button>
              }
            />
          ) : (
            <PagedList
              list={log}
              className={styles.list}
              keyOf={(f) => f.id}
              renderItem={(f) => <FeedRow feed={f} onOpen={open} />}
            />
          )}
        </div>
      </PullToRefresh>
    </div>
  );
}
