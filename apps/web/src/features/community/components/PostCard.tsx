import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '@petheart/contracts';
import { imageUrl } from '../../../shared/format';
import { useNavigator } from '../../../shared/navigation';
import { detailPath } from '../useCommunity';
import { PostThumbs, PostVideo } from './PostMedia';
import { Author, CommentCount, DeviceLink, LikeButton } from './PostParts';
import styles from '../community.module.css';
import parts from './parts.module.css';

/**
 * A published post in the community list: author and time, the text (clamped), its media, the device, the
 * like toggle and the comment count. The text and media open the post.
 */
export function PostCard({ post, assetHost, onLike }: { post: Post; assetHost: string; onLike: (p: Post) => void }) {
  const { t } = useTranslation('community');
  const { navigateTo } = useNavigator();
  const textId = useId();
  const open = () => {
    navigateTo(detailPath(post.id));
  };
  return (
    <article
      className={styles.card}
      data-testid="post-card"
      data-post={post.id}
      aria-label={t('author', { name: post.author.nickname })}
    >
      <Author
        author={post.author}
        createdAt={post.published_at ?? post.created_at}
        assetHost={assetHost}
        mine={post.mine}
      />
      <button
        type="button"
        className={styles.cardBody}
        onClick={open}
        aria-label={t('openPost', { name: post.author.nickname })}
        aria-describedby={post.content ? textId : undefined}
      >
        {post.content && (
          <span id={textId} className={styles.excerpt}>
            {post.content}
          </span>
        )}
        {post.video_url ? (
          <PostVideo
            url={imageUrl(post.video_url, assetHost, '')}
            label={t('videoOf', { name: post.author.nickname })}
            still
          />
        ) : (
          <PostThumbs images={post.images} assetHost={assetHost} />
        )}
      </button>
      <footer className={styles.cardFooter}>
        <DeviceLink device={post.device} compact />
        <span className={parts.stats}>
          <LikeButton post={post} onToggle={onLike} />
          <CommentCount post={post} onOpen={open} />
        </span>
      </footer>
    </article>
  );
}
