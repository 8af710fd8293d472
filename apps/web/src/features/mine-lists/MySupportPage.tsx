import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyGift } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { EVENTS_PATH, useNavigator } from '../../shared/navigation';
import { EmptyState, PageHeader, PagedList, PullToRefresh, usePagedList } from '../../shared/ui';
import { GIFTS_KEY, mineListsApi } from './api';
import { GiftRow } from './GiftRow';
import styles from './mine-lists.module.css';

/** /pages/mine/support (login required): the user's gifts to support events, coins and help-pay, newest first. */
export default function MySupportPage() {
  const { t } = useTranslation('mine-lists');
  const { navigateTo } = useNavigator();
  const client = useApi();
  const api = useMemo(() => mineListsApi(client), [client]);
  const list = usePagedList<MyGift>({ queryKey: [...GIFTS_KEY], fetchPage: api.gifts });
  return (
    <div className={styles.page}>
      <PageHeader title={t('support.title')} />
      <PullToRefresh onRefresh={list.refresh}>
        <div className={styles.content}>
          {list.rows.length === 0 && !list.loading && !list.error ? (
            <EmptyState
              text={t('support.empty')}
              action={
                <button
                  type="button"
                  className="ph-link-button"
                  onClick={() => {
                    navigateTo(EVENTS_PATH);
                  }}
                >
                  {t('support.browse')}
                </button>
              }
            />
          ) : (
            <PagedList
              list={list}
              className={styles.list}
              keyOf={(gift) => gift.id}
              renderItem={(gift) => <GiftRow gift={gift} />}
            />
          )}
        </div>
      </PullToRefresh>
    </div>
  );
}
