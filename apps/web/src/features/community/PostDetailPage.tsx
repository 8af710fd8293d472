import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Post } from '@petheart/contracts';
import { ApiError } from '../../shared/api';
import { imageUrl } from '../../shared/format';
import { useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import { EmptyState, PageHeader } from '../../shared/ui';
import { detailKey } from './cache';
import { Comments } from './components/Comments';
import { EditIcon, TrashIcon } from './components/icons';
import { PostImages } from './components/PostGallery';
import { PostVideo } from './components/PostMedia';
import { Author, CommentCount, DeviceLink, LikeButton, RejectReason, StatusChip } from './components/PostParts';
import { editPath, postIdOf, useCommunityApi, useDeletePost, useLike } from './useCommunity';
import styles from './community.module.css';
import postStyles from './post.module.css';
import parts from './components/parts.module.css';

/** The author's own post while it is not published: its status, and the reason when rejected. */
function ReviewState({ post }: { post: Post }) {
  const { t } = useTranslation('community');
  return (
    <div className={postStyles.statusBar}>
      <div className={postStyles.statusRow}>
        <StatusChip status={post.status} />
        {post.status === 'ped' && <span className={postStyles.statusHint}>{t('reviewHint')}</span>}
      </div>
      {post.status === 'rej' && <RejectReason remark={post.remark} />}
    </div>
  );
}

function PostView({ post, assetHost }: { post: Post; assetHost: string }) {
  const { t } = useTranslation('community');
  const { navigateTo, back } = useNavigator();
  const like = useLike();
  const remove = useDeletePost();
  const published = post.status === 'res';
  return (
    <>
      <article className={postStyles.post} data-testid="post" aria-label={t('author', { name: post.author.nickname })}>
        {post.mine && !published && <ReviewState post={post} />}
        <Author
          author={post.author}
          createdAt={post.published_at ?? post.created_at}
          assetHost={assetHost}
          mine={post.mine}
        />
        {post.content && <p className={postStyles.postText}>{post.content}</p>}
        {post.video_url && (
          <PostVideo
            url={imageUrl(post.video_url, assetHost, '')}
            label={t('videoOf', { name: post.author.nickname })}
          />
        )}
        <PostImages images={post.images} assetHost={assetHost} />
        <DeviceLink device={post.device} />
        <div className={postStyles.postActions}>
          <span className={parts.stats}>
            {published && <LikeButton post={post} onToggle={like} />}
            {published && <CommentCount post={post} />}
          </span>
          {post.mine && (
            <span className={parts.ownerActions}>
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
                  void remove(post).then((gone) => {
                    if (gone) back();
                  });
                }}
              >
                <TrashIcon />
                {t('delete')}
              </button>
            </span>
          )}
        </div>
      </article>
      {published && <Comments post={post} assetHost={assetHost} />}
    </>
  );
}

function PostDetail({ id }: { id: number }) {
  const { t } = useTranslation('community');
  const api = useCommunityApi();
  const { config } = useSession();
  const query = useQuery({ queryKey: detailKey(id), queryFn: () => api.detail(id) });
  const post = query.data;
  if (post) return <PostView post={post} assetHost={config?.asset_host ?? ''} />;
  if (query.isError) {
    const gone = query.error instanceof ApiError && (query.error.status === 404 || query.error.errorId === 'not_found');
    return gone ? (
      <EmptyState text={t('notFound')} />
    ) : (
      <EmptyState
        text={t('common:loadFailed')}
        action={
          <button type="button" className="ph-link-button" onClick={() => void query.refetch()}>
            {t('common:retry')}
          </button>
        }
      />
    );
  }
  return (
    <div className="ph-page-fallback" role="status">
      <span className="ph-spinner ph-spinner-large" aria-hidden="true" />
      <span className="ph-visually-hidden">{t('common:loading')}</span>
    </div>
  );
}

/**
 * /pages/community/detail?id=…: a post with its images (full-screen preview) or clip, its device linked to the
 * live room, likes and comments. Tourists read; liking and commenting ask them to log in. The author sees
 * their own post in any review state and may edit or delete it.
 */
export default function PostDetailPage() {
  const { t } = useTranslation('community');
  const [params] = useSearchParams();
  const id = postIdOf(params.get('id'));
  return (
    <div className={styles.page}>
      <PageHeader title={t('detailTitle')} />
      {id === null ? <EmptyState text={t('missingPost')} /> : <PostDetail key={id} id={id} />}
    </div>
  );
}
