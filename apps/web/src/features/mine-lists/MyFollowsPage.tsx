import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveRoom } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { usePagedList } from '../../shared/ui';
import { FOLLOWS_KEY, mineListsApi } from './api';
import { BROWSE_ROOMS_PATH } from './paths';
import { MineListPage } from './MineListPage';
import { RoomRow } from './RoomRow';

/** /pages/mine/follows (login required): the live rooms the user follows, newest follow first. */
export default function MyFollowsPage() {
  const { t } = useTranslation('mine-lists');
  const client = useApi();
  const api = useMemo(() => mineListsApi(client), [client]);
  const list = usePagedList<LiveRoom>({ queryKey: [...FOLLOWS_KEY], fetchPage: api.follows });
  return (
    <MineListPage
      title={t('follows.title')}
      list={list}
      empty={{ text: t('follows.empty'), action: t('browseRooms'), path: BROWSE_ROOMS_PATH }}
      keyOf={(room) => room.device_id}
      renderItem={(room) => <RoomRow room={room} />}
    />
  );
}
