import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Base, LiveRoom, Post, SearchData, SearchType } from '@petheart/contracts';
import { EmptyState, PagedList, usePagedList } from '../../../shared/ui';
import { searchKey, type SearchApi } from '../api';
import { BaseResult, LiveResult, PostResult } from './Results';
import styles from '../search.module.css';

/** How many of each kind the "All" view shows. */
export const SECTION_LIMIT = 5;

type Kind = Exclude<SearchType, 'all'>;
type Row = LiveRoom | Base | Post;

function Loading() {
  const { t } = useTranslation('common');
  return (
    <div className="ph-page-fallback" role="status">
      <span className="ph-spinner ph-spinner-large" aria-hidden="true" />
      <span className="ph-visually-hidden">{t('loading')}</span>
    </div>
  );
}

function renderRow(kind: Kind, row: Row, keyword: string, assetHost: string): ReactNode {
  if (kind === 'live') return <LiveResult room={row as LiveRoom} keyword={keyword} assetHost={assetHost} />;
  if (kind === 'base') return <BaseResult base={row as Base} keyword={keyword} assetHost={assetHost} />;
  return <PostResult post={row as Post} keyword={keyword} assetHost={assetHost} />;
}

function rowKey(kind: Kind, row: Row): string {
  return kind === 'live' ? (row as LiveRoom).device_id : String((row as Base | Post).id);
}

const pick = (data: SearchData, kind: Kind): { list: Row[]; total: number } =>
  kind === 'live'
    ? { list: data.live, total: data.totals.live }
    : kind === 'base'
      ? { list: data.bases, total: data.totals.bases }
      : { list: data.posts, total: data.totals.posts };

/** Type 'all': a section per kind that has matches (its first few, and "See all" when there are more). */
export function AllResults({
  api,
  keyword,
  assetHost,
  onMore,
}: {
  api: SearchApi;
  keyword: string;
  assetHost: string;
  onMore: (kind: Kind) => void;
}) {
  const { t } = useTranslation('search');
  const query = useQuery({
    queryKey: searchKey(keyword, 'all'),
    queryFn: () => api.search(keyword, 'all', 1, SECTION_LIMIT),
  });
  const data = query.data;
  if (!data) {
    return query.isError ? (
      <EmptyState
        text={t('common:loadFailed')}
        action={
          <button type="button" className="ph-link-button" onClick={() => void query.refetch()}>
            {t('common:retry')}
          </button>
        }
      />
    ) : (
      <Loading />
    );
  }
  const kinds = (['live', 'base', 'post'] as const).filter((k) => pick(data, k).list.length > 0);
  if (kinds.length === 0) return <EmptyState text={t('noResults', { keyword })} />;
  return (
    <>
      {kinds.map((kind) => {
        const { list, total } = pick(data, kind);
        const section = t(`sections.${kind}`);
        return (
          <section
            key={kind}
            className={styles.section}
            aria-labelledby={`search-${kind}`}
            data-testid={`section-${kind}`}
          >
            <div className={styles.sectionHead}>
              <h2 id={`search-${kind}`} className={styles.sectionTitle}>
                {section} <span className={styles.sectionCount}>{total}</span>
              </h2>
              {total > list.length && (
                <button
                  type="button"
                  className={styles.textButton}
                  aria-label={t('moreLabel', { section })}
                  onClick={() => {
                    onMore(kind);
                  }}
                >
                  {t('more')}
                </button>
              )}
            </div>
            <ul className={styles.items}>
              {list.map((row) => (
                <li key={rowKey(kind, row)}>{renderRow(kind, row, keyword, assetHost)}</li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}

/** One kind, paged on reach-bottom. */
export function TypeResults({
  api,
  keyword,
  type,
  assetHost,
}: {
  api: SearchApi;
  keyword: string;
  type: Kind;
  assetHost: string;
}) {
  const { t } = useTranslation('search');
  const list = usePagedList<Row>({
    queryKey: [...searchKey(keyword, type)],
    fetchPage: async (page, limit) => {
      const data = await api.search(keyword, type, page, limit);
      return { list: pick(data, type).list, total: data.total };
    },
  });
  return (
    <div className={styles.section}>
      <PagedList
        list={list}
        className={styles.items}
        keyOf={(row) => rowKey(type, row)}
        emptyText={t('noResults', { keyword })}
        renderItem={(row) => renderRow(type, row, keyword, assetHost)}
      />
    </div>
  );
}
