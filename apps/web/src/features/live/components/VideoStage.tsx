import { useTranslation } from 'react-i18next';
import type { ReactNode, RefObject } from 'react';
import type { PlayerView } from '../useLivePlayer';
import type { PictureInPicture } from '../usePictureInPicture';
import { CameraOffIcon, PipIcon, PlayIcon, SoundOffIcon, SoundOnIcon } from '../icons';
import styles from '../live.module.css';

/**
 * The video (always in the page, so the player can attach), with the offline mask, loading and sound.
 * `children` lie over the picture, under the masks and the buttons (the rewind controls).
 */
export function VideoStage({
  videoRef,
  view,
  onToggleMute,
  onTapToPlay,
  reconnecting,
  children,
  poster,
  pip,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  view: PlayerView;
  /** The page lost its link to the room (connection.ts): said over the picture instead of "camera offline". */
  reconnecting: boolean;
  onToggleMute: () => void;
  onTapToPlay: () => void;
  children?: ReactNode;
  /** The room's still (else its base's cover), shown until the first frame (issue 26 §2). */
  poster?: string;
  /** Picture-in-picture where the browser offers it (issue 29 §5): its button while the video plays. */
  pip?: PictureInPicture;
}) {
  const { t } = useTranslation('live');
  return (
    <div className={styles.video}>
      <video
        ref={videoRef}
        poster={poster}
        className={styles.videoElement}
        data-testid="live-video"
        aria-label={t('video')}
        muted
        autoPlay
        playsInline
        disablePictureInPicture={!pip || pip.kind === 'none'}
        disableRemotePlayback
      />
      {children}
      {reconnecting && (
        <div className={styles.mask} data-testid="reconnecting" role="status">
          <span className="ph-spinner ph-spinner-large" aria-hidden="true" />
          <span className={styles.maskLabel}>{t('reconnecting')}</span>
        </div>
      )}
      {view.masked && !reconnecting && (
        <div className={styles.mask} data-testid="camera-offline-mask" role="status">
          <CameraOffIcon className={styles.maskIcon} />
          <span className={styles.maskLabel}>{t('cameraOffline')}</span>
          <span className={styles.maskHint}>{t('reconnectHint')}</span>
        </div>
      )}
      {view.status === 'unsupported' && (
        <div className={styles.mask} role="alert">
          <span className={styles.maskLabel}>{t('unsupported')}</span>
          <span className={styles.maskHint}>{t('unsupportedHint')}</span>
        </div>
      )}
      {view.loading && !reconnecting && (
        <div className={styles.videoLoading} role="status">
          <span className="ph-spinner ph-spinner-large" aria-hidden="true" />
          <span className="ph-visually-hidden">{t('connecting')}</span>
        </div>
      )}
      {view.needsTap && !view.masked && (
        <button type="button" className={styles.tapToPlay} onClick={onTapToPlay} aria-label={t('play')}>
          <PlayIcon />
        </button>
      )}
      {pip && pip.kind !== 'none' && (view.status === 'playing' || pip.active) && (
        <button
          type="button"
          className={styles.pipButton}
          onClick={pip.toggle}
          aria-label={pip.active ? t('pip.exit') : t('pip.enter')}
          aria-pressed={pip.active}
          data-testid="pip-button"
        >
          <PipIcon active={pip.active} />
        </button>
      )}
      {view.status === 'playing' && (
        <button
          type="button"
          className={styles.soundButton}
          onClick={onToggleMute}
          aria-label={view.muted ? t('soundOn') : t('soundOff')}
          aria-pressed={!view.muted}
        >
          {view.muted ? <SoundOffIcon /> : <SoundOnIcon />}
        </button>
      )}
    </div>
  );
}
