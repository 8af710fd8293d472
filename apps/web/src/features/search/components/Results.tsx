import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Base, LiveRoom, Post } from '@petheart/contracts';
import { DEFAULT_AVATAR, formatCount, formatRelativeTime, imageUrl } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import { RoomStill, useOfflineSince } from '../../../shared/ui/RoomStill';
import { Highlight } from './Highlight';
import styles from '../search.module.css';

export const livePath = (deviceId: string) => `/pages/live/live?device_id=${encodeURIComponent(deviceId)}`;
export const basePath = (id: number) => `/pages/baseDetail/baseDetail?id=${String(id)}`;
export const postPath = (id: number) => `/pages/community/detail?id=${String(id)}`;

/**
 * A live room: its still (greyed while the camera is offline) with its live/offline badge, the device and base
 * names, viewers, and since when the camera is offline; opens the room.
 */
export function LiveResult({ room, keyword, assetHost }: { room: LiveRoom; keyword: string; assetHost: string }) {
  const { t } = useTranslation('search');
  const { locale } = useLanguage();
  const since = useOfflineSince(room);
  return (
    <Link to={livePath(room.device_id)} className={styles.item} data-testid="result-live">
      <span className={styles.cover}>
        <RoomStill room={room} assetHost={assetHost} />
        <span className={room.camera_online ? `${styles.badge} ${styles.badgeLive}` : styles.badge}>
          {room.camera_online ? t('live') : t('offline')}
        </span>
      </span>
      <span className={styles.itemBody}>
        <span className={styles.itemTitle}>
          <Highlight text={room.name} keyword={keyword} />
        </span>
        <span className={styles.itemSub}>
          <Highlight text={room.base_name} keyword={keyword} />
        </span>
        <span className={styles.itemMeta}>
          {t('viewers', { count: room.viewers, formatted: formatCount(room.viewers, locale) })}
          {since && ` · ${since}`}
        </span>
      </span>
    </Link>
  );
}

/** A feeding base: its first photo, name, address and animals; opens the base. */
export function BaseResult({ base, keyword, assetHost }: { base: Base; keyword: string; assetHost: string }) {
  const { t } = useTranslation('search');
  return (
    <Link to={basePath(base.id)} className={styles.item} data-testid="result-base">
      <span className={styles.cover}>
        <img src={imageUrl(base.photos[0], assetHost)} alt="" loading="lazy" />
      </span>
      <span className={styles.itemBody}>
        <span className={styles.itemTitle}>
          <Highlight text={base.name} keyword={keyword} />
        </span>
        {base.address && (
          <span className={styles.itemSub}>
            <Highlight text={base.address} keyword={keyword} />
          </span>
        )}
        {base.animal_count > 0 && <span className={styles.itemMeta}>{t('animals', { count: base.animal_count })}</span>}
      </span>
    </Link>
  );
}

/** A published post: author, text (two lines), its first image or a video mark, likes and comments. */
export function PostResult({ post, keyword, assetHost }: { post: Post; keyword: string; assetHost: string }) {
  const { t } = useTranslation('search');
  const { locale } = useLanguage();
  const first = post.images[0];
  return (
    <Link to={postPath(post.id)} className={`${styles.item} ${styles.postItem}`} data-testid="result-post">
      <span className={styles.itemBody}>
        <span className={styles.postAuthor}>
          <img className={styles.avatar} src={imageUrl(post.author.avatar, assetHost, DEFAULT_AVATAR)} alt="" />
          <span className={styles.postNick}>{post.author.nickname}</span>
          <span className={styles.itemMeta}>{formatRelativeTime(post.created_at, locale)}</span>
        </span>
        <span className={styles.postText}>
          <Highlight text={post.content} keyword={keyword} />
        </span>
        <span className={styles.itemMeta}>
          {post.device && (
            <>
              <Highlight text={post.device.name} keyword={keyword} />
              {' · '}
            </>
          )}
          {t('likes', { formatted: formatCount(post.like_count, locale) })}
          {' · '}
          {t('comments', { formatted: formatCount(post.comment_count, locale) })}
        </span>
      </span>
      {post.video_url ? (
        <span className={`${styles.thumb} ${styles.videoThumb}`}>{t('video')}</span>
      ) : first ? (
        <span className={styles.thumb}>
          <img src={imageUrl(first, assetHost)} alt={t('photos', { count: post.images.length })} loading="lazy" />
        </span>
      ) : null}
    </Link>
  );
}
