import { useTranslation } from 'react-i18next';
import { imageUrl } from '../../../shared/format';
import { PlayIcon } from './icons';
import styles from './media.module.css';

/** How many thumbnails a post shows in a list (the rest as "+N" on the last one). */
const LIST_THUMBS = 3;

/** A list's thumbnails (not interactive: the card opens the post): one large, or up to three with "+N". */
export function PostThumbs({ images, assetHost }: { images: string[]; assetHost: string }) {
  const { t } = useTranslation('community');
  if (images.length === 0) return null;
  const urls = images.map((i) => imageUrl(i, assetHost));
  if (urls.length === 1) {
    return (
      <span className={styles.single}>
        <img src={urls[0]} alt={t('imageN', { n: 1, total: 1 })} loading="lazy" />
      </span>
    );
  }
  const shown = urls.slice(0, LIST_THUMBS);
  const rest = urls.length - shown.length;
  return (
    <span className={styles.thumbs}>
      {shown.map((src, i) => (
        <span key={`${src}#${String(i)}`} className={styles.thumb}>
          <img src={src} alt={t('imageN', { n: i + 1, total: urls.length })} loading="lazy" />
          {rest > 0 && i === shown.length - 1 && (
            <span className={styles.more} aria-hidden="true">
              {t('moreImages', { count: rest })}
            </span>
          )}
        </span>
      ))}
    </span>
  );
}

/** A video post's clip: in a list a still with a play mark, in the detail the player. */
export function PostVideo({ url, label, still = false }: { url: string; label: string; still?: boolean }) {
  const { t } = useTranslation('community');
  if (still) {
    return (
      <span className={styles.videoStill}>
        <video src={`${url}#t=0.1`} preload="metadata" muted playsInline tabIndex={-1} aria-hidden="true" />
        <span className={styles.videoMark}>
          <PlayIcon />
          <span className="ph-visually-hidden">{t('video')}</span>
        </span>
      </span>
    );
  }
  return (
    <video
      className={styles.video}
      src={url}
      controls
      playsInline
      preload="metadata"
      aria-label={label}
      data-testid="post-video"
    />
  );
}
