import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { POST_STATUSES, type AdminPost, type PostStatus } from '@petheart/contracts';
import { useLanguage } from '../../shared/i18n';
import { useConsoleList } from '../shared/console-list';
import { DeviceCell, Ellipsis } from '../shared/cells';
import { Thumbs } from '../shared/content-ui';
import { FilterBar, SelectFilter, TextFilter, useFilters } from '../shared/filters';
import { ListScreen, useDetailDrawer } from '../shared/ListScreen';
import { POST_STATUS_COLORS, PostReview } from './PostReview';
import { formatTimestamp } from '../sections';
import own from '../shared/console-content.module.css';
import { moderationLists } from './api';
import { moderationKeys } from './keys';

interface PostFilters {
  status: string;
  keyword: string;
}
/** The queue opens on the posts waiting for review (oldest first, as the API orders them). */
const QUEUE: PostFilters = { status: 'ped', keyword: '' };

function isStatus(v: string): v is PostStatus {
  return (POST_STATUSES as readonly string[]).includes(v);
}

/** The post moderation queue: filter by status and text, preview each row, review in a drawer. */
export function PostsView() {
  const { t } = useTranslation('admin');
  const { locale } = useLanguage();
  const filters = useFilters<PostFilters>(QUEUE);
  const drawer = useDetailDrawer<AdminPost>(moderationKeys.posts);
  const { applied } = filters;
  const list = useConsoleList({
    key: moderationKeys.postList(applied, filters.page),
    endpoint: moderationLists.posts,
    paging: filters,
    data: { status: isStatus(applied.status) ? applied.status : undefined, keyword: applied.keyword.trim() },
  });
  const data = list.data;
  return (
    <ListScreen
      title={t('moderation.title')}
      list={list}
      compact
      columns={[
        t('moderation.id'),
        t('moderation.author'),
        t('moderation.content'),
        t('moderation.device'),
        t('moderation.status'),
        t('moderation.created'),
        t('moderation.actions'),
      ]}
      empty={t('moderation.empty')}
      row={(p) => (
        <tr key={p.id} data-testid={`post-row-${String(p.id)}`}>
          <td>{p.id}</td>
          <td>
            <Ellipsis text={p.author.nickname} />
          </td>
          <td>
            <span className={own.contentCell}>
              <span className={own.preText}>{p.content}</span>
              <span>
                <Thumbs urls={p.images} />
                {p.video_url ? <Tag fill="outline">{t('moderation.video')}</Tag> : null}
              </span>
            </span>
          </td>
          <td>{p.device ? <DeviceCell name={p.device.name} base={p.device.base_name} /> : t('moderation.noDevice')}</td>
          <td>
            <Tag color={POST_STATUS_COLORS[p.status]} fill="outline">
              {t(`moderation.statuses.${p.status}`)}
            </Tag>
          </td>
          <td>{formatTimestamp(p.created_at, locale)}</td>
          <td>
            <Button
              size="mini"
              color={p.status === 'ped' ? 'primary' : 'default'}
              onClick={() => {
                drawer.open(p);
              }}
            >
              {t('moderation.review')}
            </Button>
          </td>
        </tr>
      )}
      drawer={drawer}
      detail={(post) => <PostReview key={post.id} post={post} onClose={drawer.close} onChanged={drawer.done} />}
    >
      <FilterBar filters={filters} total={data ? t('moderation.total', { count: data.total }) : null}>
        <SelectFilter
          label={t('moderation.status')}
          anyLabel={t('moderation.anyStatus')}
          {...filters.choice('status')}
          options={POST_STATUSES.map((s) => ({ value: s, label: t(`moderation.statuses.${s}`) }))}
        />
        <TextFilter label={t('moderation.keyword')} {...filters.text('keyword')} wide />
      </FilterBar>
    </ListScreen>
  );
}
