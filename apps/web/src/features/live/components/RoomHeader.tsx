import { useTranslation } from 'react-i18next';
import type { LiveDetail } from '@petheart/contracts';
import { formatCount, formatWeight } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import { BackIcon } from '../../../shared/ui';
import { CheckIcon, EyeIcon, PlusIcon } from '../icons';
import { liveBadgeState } from '../rewind';
import styles from '../live.module.css';

/**
 * The LIVE badge: red at live; grey while the camera is offline or the page reconnecting; grey with how far
 * behind while the viewer has rewound, and then a button back to live.
 */
function LiveBadge({
  stale,
  cameraOnline,
  behind,
  onLive,
}: {
  stale: boolean;
  cameraOnline: boolean;
  behind: number | null;
  onLive?: () => void;
}) {
  const { t } = useTranslation('live');
  const state = liveBadgeState({ stale, cameraOnline, behind: behind !== null });
  if (state === 'behind' && behind !== null) {
    return (
      <button
        type="button"
        className={`${styles.liveBadge} ${styles.liveBadgeOff} ${styles.liveBadgeButton}`}
        data-testid="live-badge"
        data-state={state}
        aria-label={`${t('rewind.toLive')} (${t('rewind.behind', { count: behind })})`}
        onClick={onLive}
      >
        {t('live')}
        <span className={styles.liveBehind}>{t('rewind.offset', { count: behind })}</span>
      </button>
    );
  }
  return (
    <span
      className={state === 'live' ? styles.liveBadge : `${styles.liveBadge} ${styles.liveBadgeOff}`}
      data-testid="live-badge"
      data-state={state}
    >
      {t('live')}
    </span>
  );
}

/** The dark bar above the video: back, base and device names, LIVE, viewers, follow. */
export function RoomHeader({
  room,
  onBack,
  onFollow,
  following,
  stale = false,
  behind = null,
  onLive,
}: {
  room: LiveDetail | undefined;
  onBack: () => void;
  onFollow: () => void;
  following: boolean;
  /** The page is reconnecting: LIVE is grey (what is shown may be behind). */
  stale?: boolean;
  /** Seconds the viewer has rewound (null at live): LIVE is grey, says how far, and takes them back. */
  behind?: number | null;
  onLive?: () => void;
}) {
  const { t } = useTranslation('live');
  const { locale } = useLanguage();
  return (
    <header className={styles.topBar}>
      <button type="button" className={styles.back} aria-label={t('common:back')} onClick={onBack}>
        <BackIcon />
      </button>
      <div className={styles.roomInfo}>
        <h1 className={styles.baseName}>{room?.base.name ?? t('title')}</h1>
        <p className={styles.deviceName}>{room?.device.name ?? ''}</p>
      </div>
      <div className={styles.liveMeta}>
        <LiveBadge stale={stale} cameraOnline={room?.device.camera_online ?? true} behind={behind} onLive={onLive} />
        <span className={styles.viewers} aria-label={t('viewersLabel')}>
          <EyeIcon aria-hidden="true" />
          <span data-testid="viewer-count">{formatCount(room?.viewers ?? 0, locale)}</span>
        </span>
      </div>
      <button
        type="button"
        className={room?.followed ? `${styles.follow} ${styles.following}` : styles.follow}
        aria-pressed={room?.followed ?? false}
        disabled={!room || following}
        onClick={onFollow}
      >
        {room?.followed ? <CheckIcon /> : <PlusIcon />}
        {room?.followed ? t('following') : t('follow')}
      </button>
    </header>
  );
}

/** The device's state under the video: feeder, camera, food stock, grams fed today. */
/** The room's state; while reconnecting (`unknown`) the feeder's and camera's are grey and say they are unknown. */
export function StateChips({ room, unknown = false }: { room: LiveDetail | undefined; unknown?: boolean }) {
  const { t } = useTranslation('live');
  const { locale } = useLanguage();
  if (!room) return <div className={`${styles.chips} ${styles.chipsPending}`} />;
  const d = room.device;
  const chip = (on: boolean, label: string, testId: string) => (
    <li
      className={`${styles.chip} ${unknown ? styles.chipUnknown : on ? styles.chipOn : styles.chipOff}`}
      data-testid={testId}
      data-state={unknown ? 'unknown' : on ? 'online' : 'offline'}
    >
      <span className={styles.dot} aria-hidden="true" />
      {label}
    </li>
  );
  return (
    <ul className={styles.chips} aria-label={t('stateLabel')}>
      {chip(
        d.feeder_online,
        unknown ? t('feederUnknown') : d.feeder_online ? t('feederOnline') : t('feederOffline'),
        'feeder-state',
      )}
      {chip(
        d.camera_online,
        unknown ? t('cameraUnknown') : d.camera_online ? t('cameraOnline') : t('cameraOffline'),
        'camera-state',
      )}
      <li className={styles.chip} data-testid="food-stock">
        {t('foodStock', { weight: formatWeight(d.food_stock, locale) })}
      </li>
      <li className={`${styles.chip} ${styles.chipFed}`} data-testid="grams-today">
        {t('fedToday', { weight: formatWeight(room.grams_today, locale) })}
      </li>
    </ul>
  );
}
