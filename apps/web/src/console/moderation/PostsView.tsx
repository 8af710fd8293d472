import { useState } from 'react';
import { Button, Tag } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { POST_STATUSES, type AdminPost, type PostStatus } from '@petheart/contracts';
import { useLanguage } from '../../shared/i18n';
import { useConsoleList } from '../shared/console-list';
import { Thumbs } from '../shared/content-ui';
import { DataTable, Drawer, ListPanel, LoadFailed } from '../shared/DataTable';
import { FilterBar, SelectFilter, TextFilter, useFilters } from '../shared/money-ui';
import { POST_STATUS_COLORS, PostReview } from './PostReview';
import { formatTimestamp } from '../sections';
import styles from '../shared/admin.module.css';
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
  const queryClient = useQueryClient();
  const filters = useFilters<PostFilters>(QUEUE, () => undefined);
  const [shown, setShown] = useState<AdminPost | null>(null);
  const { applied, draft, set } = filters;
  const list = useConsoleList({
    key: moderationKeys.postList(applied, filters.page),
    endpoint: moderationLists.posts,
    filters,
    data: {
      ...(isStatus(applied.status) ? { status: applied.status } : {}),
      ...(applied.keyword.trim() ? { keyword: applied.keyword.trim() } : {}),
    },
  });
  const data = list.data;
  const close = () => {
    setShown(null);
  };
  return (
    <>
      <ListPanel title={t('moderation.title')} {...list.panel}>
        <FilterBar {...list.bar} total={data ? t('moderation.total', { count: data.total }) : null}>
          <SelectFilter
            label={t('moderation.status')}
            anyLabel={t('moderation.anyStatus')}
            value={draft.status}
            onChange={(v) => {
              filters.apply({ ...draft, status: v });
            }}
            options={POST_STATUSES.map((s) => ({ value: s, label: t(`moderation.statuses.${s}`) }))}
          />
          <TextFilter
            label={t('moderation.keyword')}
            value={draft.keyword}
            onChange={(v) => {
              set('keyword', v);
            }}
            wide
          />
        </FilterBar>
        <DataTable
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
          items={data?.list}
          empty={t('moderation.empty')}
          row={(p) => (
            <tr key={p.id} data-testid={`post-row-${String(p.id)}`}>
              <td>{p.id}</td>
              <td>
                <span className={styles.ellipsis} title={p.author.nickname}>
                  {p.author.nickname}
                </span>
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
              <td>
                {p.device ? (
                  <span className={own.deviceCell} title={`${p.device.name} · ${p.device.base_name}`}>
                    <span>{p.device.name}</span>
                    <span>{p.device.base_name}</span>
                  </span>
                ) : (
                  t('moderation.noDevice')
                )}
              </td>
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
                    setShown(p);
                  }}
                >
                  {t('moderation.review')}
                </Button>
              </td>
            </tr>
          )}
        >
          {!data && list.query.isError ? <LoadFailed onRetry={() => void list.query.refetch()} /> : null}
        </DataTable>
      </ListPanel>
      <Drawer open={shown !== null} onClose={close}>
        {shown ? (
          <PostReview
            key={shown.id}
            post={shown}
            onClose={close}
            onChanged={() => {
              setShown(null);
              void queryClient.invalidateQueries({ queryKey: moderationKeys.posts });
            }}
          />
        ) : null}
      </Drawer>
    </>
  );
}
