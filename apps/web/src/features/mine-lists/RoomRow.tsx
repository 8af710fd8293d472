import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LiveRoom } from '@petheart/contracts';
import { useSession } from '../../shared/session';
import { LangTag, textLang } from '../../shared/ui';
import { RoomStill, useOfflineSince } from '../../shared/ui/RoomStill';
import { livePath } from './paths';
import styles from './mine-lists.module.css';

/**
 * A live room in Me's lists: its still (greyed while the camera is offline), its name, its base (marked with its
 * language when it is not the reader's) and whether it is live; `children` add a line (a fan group's level).
 * Opens the live room.
 */
export function RoomRow({ room, children }: { room: LiveRoom; children?: ReactNode }) {
  const { t } = useTranslation('mine-lists');
  const { config } = useSession();
  const since = useOfflineSince(room);
  const live = room.camera_online;
  return (
    <Link to={livePath(room.device_id)} className={styles.row} data-testid="mine-room" data-device={room.device_id}>
      <span className={styles.still}>
        <RoomStill room={room} assetHost={config?.asset_host ?? ''} />
      </span>
      <span className={styles.body}>
        <span className={styles.title}>{room.name}</span>
        <span className={`${styles.withTag} ${styles.sub}`}>
          <span className={styles.clip} {...textLang(room.base_text_lang)}>
            {room.base_name}
          </span>
          <LangTag lang={room.base_text_lang} />
        </span>
        <span className={live ? `${styles.state} ${styles.live}` : styles.state}>
          {live ? t('live') : (since ?? t('offline'))}
        </span>
        {children}
      </span>
    </Link>
  );
}
