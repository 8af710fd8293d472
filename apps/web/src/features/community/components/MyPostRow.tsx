import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '@petheart/contracts';
import { formatCount, formatRelativeTime, imageUrl } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n';
import { useNavigator } from '../../../shared/navigation';
import { detailPath, editPath } from '../useCommunity';
import { CommentIcon, EditIcon, HeartIcon, TrashIcon } from './icons';
import { PostThumbs, PostVideo } from './PostMedia';
import { DeviceLink, RejectReason, StatusChip } from './PostParts';
import styles from '../community.module.css';
import parts from './parts.module.css';

/** One of the user's posts: its review status (and the reason when rejected), the text, media, Edit and Delete. */
export function MyPostRow({
  post,
  assetHost,
  onDelete,
}: {
  post: Post;
  assetHost: string;
  onDelete: (p: Post) => void;
}) {
  const { t } = useTranslation('community');
  const { locale } = useLanguage();
  const { navigateTo } = useNavigator();
  const textId = useId();
  const created = new Date(post.created_at * 1000);
  return (
    <article className={styles.card} data-testid="my-post" data-post={post.id} data-status={post.status}>
      <div className={styles.cardTop}>
        <StatusChip status={post.status} />
        <time className={parts.time} dateTime={created.toISOString()} title={created.toLocaleString(locale)}>
          {formatRelativeTime(post.created_at, locale)}
        </time>
      </div>
      <button
        type="button"
        className={styles.cardBody}
        aria-label={t('openPost', { name: t('you') })}
        aria-describedby={post.content ? textId : undefined}
        onClick={() => {
          navigateTo(detailPath(post.id));
        }}
      >
        {post.content && (
          <span id={textId} className={styles.excerpt}>
            {post.content}
          </span>
        )}
        {post.video_url ? (
          <PostVideo url={imageUrl(post.video_url, assetHost, '')} label={t('video')} still />
        ) : (
          <PostThumbs images={post.images} assetHost={assetHost} />
        )}
      </button>
      {post.status === 'rej' && <RejectReason remark={post.remark} />}
      <footer className={styles.cardFooter}>
        <DeviceLink device={post.device} compact />
        <span className={parts.ownerActions}>
          {post.status === 'res' && (
            <span className={parts.textButton} aria-hidden="true">
              <HeartIcon /> {formatCount(post.like_count, locale)}
              <CommentIcon /> {formatCount(post.comment_count, locale)}
            </span>
          )}
          <button
            type="button"
            className={parts.textButton}
            aria-label={t('editPost')}
            onClick={() => {
              navigateTo(editPath(post.id));
            }}
          >
            <EditIcon />
            {t('edit')}
          </button>
          <button
            type="button"
            className={`${parts.textButton} ${parts.danger}`}
            aria-label={t('deletePost')}
            onClick={() => {
              onDelete(post);
            }}
          >
            <TrashIcon />
            {t('delete')}
          </button>
        </span>
      </footer>
    </article>
  );
}
