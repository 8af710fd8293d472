import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n';
import { offlineSinceTime, stillSources, type StillRoom } from './room-still';
import styles from './room-still.module.css';

/** The stills' size (about 480 px wide, 16:9): the image's own width and height, so its box is known at once. */
const STILL_WIDTH = 480;
const STILL_HEIGHT = 270;

/**
 * A live room's picture (issue 26 §2): its still (at most 30 s old while the camera streams), else its base's
 * cover, else the default cover, each next one when the one before fails to load; greyed while the camera is
 * offline. It fills the frame its parent gives it (the parent sets the size: nothing moves when it loads).
 */
export function RoomStill({ room, assetHost, eager = false }: { room: StillRoom; assetHost: string; eager?: boolean }) {
  const sources = stillSources(room, assetHost);
  const [failed, setFailed] = useState<readonly string[]>([]);
  const src = sources.find((s) => !failed.includes(s)) ?? sources[sources.length - 1];
  const offline = !room.camera_online;
  return (
    <img
      className={offline ? `${styles.still} ${styles.offline}` : styles.still}
      src={src}
      alt=""
      width={STILL_WIDTH}
      height={STILL_HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      data-still={src === sources[0] && room.thumbnail ? 'thumbnail' : 'cover'}
      data-offline={offline ? 'true' : undefined}
      onError={() => {
        if (src) setFailed((f) => [...f, src]);
      }}
    />
  );
}

/** "Offline since 14:05" while the room's camera is offline and it is known since when; null otherwise. */
export function useOfflineSince(room: StillRoom): string | null {
  const { t } = useTranslation('common');
  const { locale } = useLanguage();
  if (room.camera_online || room.camera_offline_at === null) return null;
  return t('offlineSince', { time: offlineSinceTime(room.camera_offline_at, locale) });
}
