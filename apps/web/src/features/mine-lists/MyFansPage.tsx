import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyFanGroup } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { formatCount } from '../../shared/format';
import { useLanguage } from '../../shared/i18n';
import { usePagedList } from '../../shared/ui';
import { FANS_KEY, mineListsApi } from './api';
import { BROWSE_ROOMS_PATH } from './paths';
import { MineListPage } from './MineListPage';
import { RoomRow } from './RoomRow';
import styles from './mine-lists.module.css';

/** A fan group's level and points, and how many more points the next level needs (none at the top). */
function FanLevel({ group }: { group: MyFanGroup }) {
  const { t } = useTranslation('mine-lists');
  const { locale } = useLanguage();
  const next = group.next_level_points;
  return (
    <span className={styles.fan} data-testid="fan-level">
      <span className={styles.level}>{t('fans.level', { level: group.level })}</span>
      <span>{t('fans.points', { count: group.points, n: formatCount(group.points, locale) })}</span>
      {next === null ? (
        <span className={styles.muted}>{t('fans.top')}</span>
      ) : (
        <span className={styles.muted}>
          {t('fans.toNext', { count: next - group.points, n: next - group.points, level: group.level + 1 })}
        </span>
      )}
    </span>
  );
}

/** /pages/mine/fans (login required): the fan groups the user is in, most points first. */
export default function MyFansPage() {
  const { t } = useTranslation('mine-lists');
  const client = useApi();
  const api = useMemo(() => mineListsApi(client), [client]);
  const list = usePagedList<MyFanGroup>({ queryKey: [...FANS_KEY], fetchPage: api.fans });
  return (
    <MineListPage
      title={t('fans.title')}
      list={list}
      empty={{ text: t('fans.empty'), action: t('browseRooms'), path: BROWSE_ROOMS_PATH }}
      keyOf={(group) => group.room.device_id}
      renderItem={(group) => (
        <RoomRow room={group.room}>
          <FanLevel group={group} />
        </RoomRow>
      )}
    />
  );
}
