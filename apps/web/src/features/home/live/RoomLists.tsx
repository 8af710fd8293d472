import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LiveListBody, LiveRoom } from '@petheart/contracts';
import { useApi } from '../../../shared/api';
import { EmptyState, PagedList, usePagedList } from '../../../shared/ui';
import { fetchLiveRooms } from './api';
import { LiveRoomCard } from './LiveRoomCard';
import { LIVE_LIST_KEY } from './keys';
import { uniqueRooms } from './rooms';
import styles from './live.module.css';

/** Which list, and the location for the `near` tab (page and limit are the list's own). */
export type RoomQuery = Omit<LiveListBody, 'page' | 'limit'>;

function queryKey(q: RoomQuery, kind: 'strip' | 'list') {
  return [...LIVE_LIST_KEY, q.tab, kind, q.latitude ?? null, q.longitude ?? null];
}

/** The first rooms of a list in a row that scrolls sideways (a preview inside a section). */
export function RoomStrip({ query, emptyText, limit = 10 }: { query: RoomQuery; emptyText: string; limit?: number }) {
  const { t } = useTranslation('common');
  const api = useApi();
  const rooms = useQuery({
    queryKey: queryKey(query, 'strip'),
    queryFn: () => fetchLiveRooms(api, { ...query, page: 1, limit }),
  });
  if (rooms.isPending) {
    return (
      <div className={styles.strip} aria-busy="true" aria-label={t('loading')}>
        {[0, 1, 2].map((i) => (
          <span key={i} className={`${styles.card} ${styles.compact} ${styles.skeleton}`} />
        ))}
      </div>
    );
  }
  if (rooms.isError) {
    return (
      <EmptyState
        text={t('loadFailed')}
        action={
          <button type="button" className="ph-link-button" onClick={() => void rooms.refetch()}>
            {t('retry')}
          </button>
        }
      />
    );
  }
  const list = uniqueRooms(rooms.data.list);
  if (list.length === 0) return <EmptyState text={emptyText} />;
  return (
    <div className={styles.strip}>
      {list.map((room) => (
        <LiveRoomCard key={room.device_id} room={room} compact />
      ))}
    </div>
  );
}

/** A whole list in two columns, a page at a time (more on reaching the bottom of the page). */
export function RoomGrid({ query, emptyText }: { query: RoomQuery; emptyText: string }) {
  const api = useApi();
  const list = usePagedList<LiveRoom>({
    queryKey: queryKey(query, 'list'),
    fetchPage: (page, limit) => fetchLiveRooms(api, { ...query, page, limit }),
  });
  return (
    <PagedList
      list={{ ...list, rows: uniqueRooms(list.rows) }}
      className={styles.grid}
      keyOf={(room) => room.device_id}
      renderItem={(room) => <LiveRoomCard room={room} />}
      emptyText={emptyText}
    />
  );
}
