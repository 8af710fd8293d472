import { useTranslation } from 'react-i18next';
import type { Post } from '@petheart/contracts';
import { useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import { EmptyState, PageHeader, PagedList, PullToRefresh, usePagedList } from '../../shared/ui';
import { MINE_KEY } from './cache';
import { MyPostRow } from './components/MyPostRow';
import { PUBLISH_PATH, useCommunityApi, useDeletePost } from './useCommunity';
import styles from './community.module.css';

/**
 * /pages/myPublish/myPublish (login required): all of the user's posts, newest first, with their review status
 * (Pending Review / Published / Rejected and the reason), Edit and Delete, and pull-down refresh.
 */
export default function MyPublishPage() {
  const { t } = useTranslation('community');
  const api = useCommunityApi();
  const { navigateTo } = useNavigator();
  const { config } = useSession();
  const assetHost = config?.asset_host ?? '';
  const remove = useDeletePost();
  const list = usePagedList<Post>({ queryKey: [...MINE_KEY], fetchPage: api.mine });
  const publish = () => {
    navigateTo(PUBLISH_PATH);
  };
  return (
    <div className={styles.page}>
      <PageHeader
        title={t('mineTitle')}
        right={
          <button type="button" className={styles.headerLink} onClick={publish} aria-label={t('publishPost')}>
            {t('publish')}
          </button>
        }
      />
      <PullToRefresh onRefresh={list.refresh}>
        <div className={styles.content} data-testid="my-posts">
          {list.rows.length === 0 && !list.loading && !list.error ? (
            <EmptyState
              text={t('mineEmpty')}
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
              renderItem={(p) => (
                <MyPostRow
                  post={p}
                  assetHost={assetHost}
                  onDelete={(x) => {
                    void remove(x);
                  }}
                />
              )}
            />
          )}
        </div>
      </PullToRefresh>
    </div>
  );
}
