import { useTranslation } from 'react-i18next';
import type { Post } from '@petheart/contracts';
import { useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import { EmptyState, PageHeader, PagedList, PullToRefresh, usePagedList } from '../../shared/ui';
import { LIST_KEY } from './cache';
import { PostCard } from './components/PostCard';
import { PlusIcon } from './components/icons';
import { MINE_PATH, PUBLISH_PATH, useCommunityApi, useLike } from './useCommunity';
import styles from './community.module.css';

/**
 * /pages/community/community: published posts, newest first, with pull-down refresh and more on reach-bottom;
 * a publish button (login first) and a way to the user's own posts.
 */
export default function CommunityPage() {
  const { t } = useTranslation('community');
  const api = useCommunityApi();
  const { navigateTo } = useNavigator();
  const { config } = useSession();
  const assetHost = config?.asset_host ?? '';
  const like = useLike();
  const list = usePagedList<Post>({ queryKey: [...LIST_KEY], fetchPage: api.list });
  const publish = () => {
    navigateTo(PUBLISH_PATH);
  };
  return (
    <div className={styles.page}>
      <PageHeader
        title={t('title')}
        right={
          <button
            type="button"
            className={styles.headerLink}
            onClick={() => {
              navigateTo(MINE_PATH);
            }}
          >
            {t('myPosts')}
          </button>
        }
      />
      <PullToRefresh onRefresh={list.refresh}>
        <div className={styles.content} data-testid="community-list">
          {list.rows.length === 0 && !list.loading && !list.error ? (
            <EmptyState
              text={t('empty')}
              action={
                <button type="button" className="ph-link-button" onClick={publish}>
                  {t('writeFirst')}
                </button>
              }
            />
          ) : (
            <PagedList
              list={list}
              className={styles.list}
              keyOf={(p) => p.id}
              renderItem={(p) => <PostCard post={p} assetHost={assetHost} onLike={like} />}
            />
          )}
        </div>
      </PullToRefresh>
      <button type="button" className={styles.fab} onClick={publish} aria-label={t('publishPost')}>
        <PlusIcon />
        <span>{t('publish')}</span>
      </button>
    </div>
  );
}
