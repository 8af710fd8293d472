import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LiveRoom } from '@petheart/contracts';
import { formatCount } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import { useSession } from '../../../shared/session';
// the icons module itself, not the shared/ui barrel (which would pull the list hooks into the first page)
import { LineIcon } from '../../../shared/ui/icons';
import { LangTag, textLang } from '../../../shared/ui/LangTag';
import { RoomStill, useOfflineSince } from '../../../shared/ui/RoomStill';
import { distanceLabel, liveRoomUrl } from './rooms';
import styles from './live.module.css';

/** The viewer-count eye, a little bolder than the shared line icons to read on a cover photo. */
const EyeIcon = () => (
  <LineIcon strokeWidth={2}>
    <path d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </LineIcon>
);

/**
 * One live room in a list: its still (else the base's cover, else the default cover; greyed while the camera is
 * offline), a LIVE / "offline since" badge, the viewer count, the device and base names and, when the list knows
 * the user's location, the distance. Opens the room.
 */
export function LiveRoomCard({ room, compact = false }: { room: LiveRoom; compact?: boolean }) {
  const { t } = useTranslation('home');
  const { locale } = useLanguage();
  const { config } = useSession();
  const distance = distanceLabel(room.distance, locale);
  const viewers = formatCount(room.viewers, locale);
  const since = useOfflineSince(room);
  return (
    <Link
      to={liveRoomUrl(room.device_id)}
      className={compact ? `${styles.card} ${styles.compact}` : styles.card}
      data-testid={`live-room-${room.device_id}`}
    >
      <span className={styles.cover}>
        <RoomStill room={room} assetHost={config?.asset_host ?? ''} />
        <span className={room.camera_online ? `${styles.badge} ${styles.live}` : `${styles.badge} ${styles.offline}`}>
          <span className={styles.badgeText}>{room.camera_online ? t('live') : (since ?? t('offline'))}</span>
        </span>
        <span className={styles.viewers} aria-label={t('viewers', { n: viewers })}>
          <EyeIcon />
          {viewers}
        </span>
      </span>
      <span className={styles.info}>
        <span className={styles.name}>{room.name}</span>
        <span className={styles.meta}>
          <span className={styles.base} {...textLang(room.base_text_lang)}>
            {room.base_name}
          </span>
          <LangTag lang={room.base_text_lang} />
          {distance ? <span className={styles.distance}>{distance}</span> : null}
        </span>
      </span>
    </Link>
  );
}
