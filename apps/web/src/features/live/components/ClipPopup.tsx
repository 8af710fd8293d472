import { useEffect, useState } from 'react';
import { ProgressBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CLIP_SECONDS, type Clip } from '@petheart/contracts';
import { Sheet } from './Sheet';
import styles from '../sheets.module.css';

/** What the clip popup shows: the server cutting the clip, or a clip. */
export type ClipView = { kind: 'recording' } | { kind: 'clip'; clip: Clip };

/** Progress while the server cuts the clip: it fills over about CLIP_SECONDS and waits at 95 %. */
function RecordingProgress() {
  const { t } = useTranslation('live');
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const id = setInterval(() => {
      setPercent(Math.min(95, Math.round(((Date.now() - started) / (CLIP_SECONDS * 1000)) * 100)));
    }, 250);
    return () => {
      clearInterval(id);
    };
  }, []);
  return (
    <div className={styles.recording} role="status" data-testid="clip-recording">
      <span className={styles.recDot} aria-hidden="true" />
      <p className={styles.recordingText}>{t('record.recording', { seconds: CLIP_SECONDS })}</p>
      <div
        role="progressbar"
        aria-label={t('record.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <ProgressBar percent={percent} className={styles.progress} />
      </div>
    </div>
  );
}

/** Record: the progress while the clip is cut, then the clip playing with Download, Publish and Share. */
export function ClipPopup({
  view,
  url,
  canPublish,
  publishing,
  onPublish,
  onPost,
  onShare,
  onClose,
}: {
  view: ClipView | null;
  /** The clip's absolute address. */
  url: string;
  canPublish: boolean;
  publishing: boolean;
  onPublish: () => void;
  /** Opens the community's publish page with this clip as a video post (own clips only). */
  onPost?: () => void;
  onShare: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('live');
  const clip = view?.kind === 'clip' ? view.clip : null;
  return (
    <Sheet
      visible={view !== null}
      onClose={onClose}
      labelledBy="clip-title"
      testId="clip-popup"
      dismissible={view?.kind === 'clip'}
    >
      <section>
        <h2 id="clip-title" className={styles.title}>
          {clip ? t('record.title') : t('actions.record')}
        </h2>
        {!clip ? (
          <RecordingProgress />
        ) : (
          <>
            <video
              className={styles.clipVideo}
              src={url}
              data-testid="clip-video"
              controls
              autoPlay
              muted
              loop
              playsInline
            />
            <p className={styles.subtitle}>{t('record.by', { name: clip.nickname })}</p>
            <div className={styles.clipActions}>
              <a className={styles.clipButton} href={url} download={`petheart-${clip.device_id}-${clip.id}.mp4`}>
                {t('record.download')}
              </a>
              {canPublish &&
                (clip.published ? (
                  <span className={`${styles.clipButton} ${styles.clipDone}`}>{t('record.published')}</span>
                ) : (
                  <button
                    type="button"
                    className={`${styles.clipButton} ${styles.clipPrimary}`}
                    disabled={publishing}
                    aria-busy={publishing}
                    onClick={onPublish}
                  >
                    {t('record.publish')}
                  </button>
                ))}
              <button type="button" className={styles.clipButton} onClick={onShare}>
                {t('actions.share')}
              </button>
            </div>
            {canPublish && onPost && (
              <button type="button" className={`${styles.clipButton} ${styles.clipPost}`} onClick={onPost}>
                {t('record.post')}
              </button>
            )}
          </>
        )}
        <button type="button" className={styles.closeText} onClick={onClose}>
          {view?.kind === 'recording' ? t('record.cancel') : t('close')}
        </button>
      </section>
    </Sheet>
  );
}
