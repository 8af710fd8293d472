import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveRoom } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { useNavigator } from '../../shared/navigation';
import { EmptyState, PageHeader, PagedList, PullToRefresh, usePagedList } from '../../shared/ui';
import { FOLLOWS_KEY, mineListsApi } from './api';
import { BROWSE_ROOMS_PATH } from './paths';
import { RoomRow } from './RoomRow';
import styles from './mine-lists.module.css';

/** /pages/mine/follows (login required): the live rooms the user follows, newest follow first. */
export default function MyFollowsPage() {
  const { t } = useTranslation('mine-lists');
  const { navigateTo } = useNavigator();
  const client = useApi();
  const api = useMemo(() => mineListsApi(client), [client]);
  const list = usePagedList<LiveRoom>({ queryKey: [...FOLLOWS_KEY], fetchPage: api.follows });
  return (
    <div className={styles.page}>
      <PageHeader title={t('follows.title')} />
      <PullToRefresh onRefresh={list.refresh}>
        <div className={styles.content}>
          {list.rows.length === 0 && !list.loading && !list.error ? (
            <EmptyState
              text={t('follows.empty')}
              action={
                <button
                  type="button"
                  className="ph-link-button"
                  onClick={() => {
                    navigateTo(BROWSE_ROOMS_PATH);
                  }}
                >
                  {t('browseRooms')}
                </button>
              }
            />
          ) : (
            <PagedList
              list={list}
              className={styles.list}
              keyOf={(room) => room.device_id}
              renderItem={(room) => <RoomRow room={room} />}
            />
          )}
        </div>
      </PullToRefresh>
    </div>
  );
}
